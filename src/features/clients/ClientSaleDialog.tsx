import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { ClientFieldDialog } from './ClientFieldDialog'

/** Record a sale for the client at the current store. */
export function ClientSaleDialog({
  view,
  send,
  storeName,
}: ClientDetailPartProps & { storeName: string | null }) {
  const t = useT()
  return (
    <ClientFieldDialog
      view={view}
      send={send}
      dialog="sale"
      submitEvent={{ type: 'sale.submit' }}
      title={t('loyalty.addSale.title')}
      description={t('loyalty.addSale.description', { store: storeName ?? '—' })}
      submitLabel={t('loyalty.addSale.submit')}
    >
      <TextField
        label={t('loyalty.addSale.amount', { currency: view.info?.currencyCode ?? '' })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        helperText={t('loyalty.addSale.helper')}
        value={view.amount}
        onChange={(e) => send({ type: 'sale.change', value: e.currentTarget.value })}
        invalid={Boolean(view.fieldError)}
        errorText={view.fieldError ? t(view.fieldError as MessageId) : undefined}
        required
      />
    </ClientFieldDialog>
  )
}
