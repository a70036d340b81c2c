import { useIntl } from 'react-intl'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { ClientFieldDialog } from './ClientFieldDialog'

/** Credit or debit the client's points at the current store. */
export function ClientPointsDialog({
  view,
  send,
  storeName,
}: ClientDetailPartProps & { storeName: string | null }) {
  const t = useT()
  const intl = useIntl()
  return (
    <ClientFieldDialog
      view={view}
      send={send}
      dialog="points"
      submitEvent={{ type: 'points.submit' }}
      title={t('loyalty.editPoints.title')}
      description={t('loyalty.editPoints.description', {
        points: intl.formatNumber(view.info?.points ?? 0),
        store: storeName ?? '—',
      })}
      submitLabel={
        view.pointsDirection === 'debit' ? t('loyalty.editPoints.debit') : t('loyalty.editPoints.credit')
      }
    >
      <TextField
        label={t('loyalty.editPoints.points')}
        name="points"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('loyalty.editPoints.placeholder')}
        helperText={
          view.pointsDirection === 'credit'
            ? t('loyalty.editPoints.willCredit')
            : view.pointsDirection === 'debit'
              ? t('loyalty.editPoints.willDebit')
              : t('loyalty.editPoints.helper')
        }
        value={view.points}
        onChange={(e) => send({ type: 'points.change', value: e.currentTarget.value })}
        invalid={Boolean(view.fieldError)}
        errorText={view.fieldError ? t(view.fieldError as MessageId) : undefined}
        required
      />
    </ClientFieldDialog>
  )
}
