// The card form (SPEC §3 loyalty model, §5 card rules): name, image, type and earning rate, the points
// cap, the minimum time between two visits, the stores it covers and, for POS_PRODUCTS, the products
// that earn. Errors come from the machine's view (the same rules as the server's).
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import type { LoyaltyCardEvent } from '../../../machines/loyalty-card/loyalty-card.machine'
import type { LoyaltyCardView } from '../../../machines/loyalty-card/loyalty-card.view'
import { LOYALTY_TYPES } from '../../domain/constants'
import type { StoreSummary } from '../../domain/franchise'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey } from '../../ui/i18n/t'
import { NativeSelect, ProductPicker, partStyles as styles } from './parts'

/** The label of the earning rate: per visit, per whole currency unit, or per listed product. */
const earnRateLabel = (type: string): MessageId =>
  type === 'MANUAL_AMOUNT' || type === 'POS_AMOUNT'
    ? 'loyalty.card.earnRate.amount'
    : type === 'POS_PRODUCTS'
      ? 'loyalty.card.earnRate.product'
      : 'loyalty.card.earnRate.visit'

export function CardForm({
  view,
  send,
  stores,
  currency,
}: {
  view: LoyaltyCardView
  send: (event: LoyaltyCardEvent) => void
  stores: readonly Pick<StoreSummary, 'id' | 'name'>[]
  currency: string
}) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const err = (f: keyof typeof view.errors) => view.errors[f]
  const busy = view.isSaving || !view.canEdit
  const v = view.values
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    send({ type: 'card.save' })
  }
  const text = (
    field: 'name' | 'earnRate' | 'maxPoints' | 'minTimeMinutes',
    label: string,
    error: string | undefined,
    extra: { inputMode?: 'numeric'; helperText?: string } = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={v[field]}
      disabled={busy}
      invalid={!!error}
      errorText={error ? t(error as MessageId) : undefined}
      required={field === 'name' || field === 'earnRate'}
      {...extra}
      onChange={(e) => send({ type: 'card.change', field, value: e.currentTarget.value })}
    />
  )
  return (
    <form className={styles.fieldset} onSubmit={submit} noValidate aria-label={t('loyalty.card.formLabel')}>
      <div className={styles.row}>
        {text('name', t('loyalty.card.name'), err('name'))}
        <NativeSelect
          label={t('loyalty.card.type')}
          value={v.loyaltyType}
          placeholder={t('loyalty.card.chooseType')}
          options={LOYALTY_TYPES.map((type) => ({ value: type, label: t(`loyalty.types.${enumKey(type)}`) }))}
          error={err('loyaltyType')}
          disabled={busy}
          onChange={(value) => send({ type: 'card.change', field: 'loyaltyType', value })}
        />
        {text('earnRate', t(earnRateLabel(v.loyaltyType), { currency }), err('earnRate'), {
          inputMode: 'numeric',
        })}
        {text('minTimeMinutes', t('loyalty.card.minTime'), err('minTimeBetweenVisits'), {
          inputMode: 'numeric',
          helperText: t('loyalty.card.minTimeHelp'),
        })}
        <div className={styles.fieldset}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={v.hasMaxPointsEnabled}
              disabled={busy}
              onChange={() => send({ type: 'card.toggleMaxPoints' })}
            />
            {t('loyalty.card.hasMaxPoints')}
          </label>
          {text('maxPoints', t('loyalty.card.maxPoints'), err('maxPoints'), { inputMode: 'numeric' })}
        </div>
        <ImageUpload
          label={t('loyalty.card.image')}
          shape="wide"
          value={v.image || null}
          uploading={view.isUploading}
          disabled={busy}
          onSelect={(file) => send({ type: 'card.upload', file })}
          onRemove={() => send({ type: 'card.change', field: 'image', value: '' })}
        />
      </div>
      <fieldset className={styles.fieldset} aria-invalid={!!err('storeIds')}>
        <legend className={styles.legend}>{t('loyalty.card.stores')}</legend>
        <div className={styles.checks}>
          {stores.map((s) => (
            <label key={s.id} className={styles.check}>
              <input
                type="checkbox"
                checked={v.storeIds.includes(s.id)}
                disabled={busy}
                onChange={() => send({ type: 'card.toggleStore', storeId: s.id })}
              />
              {s.name}
            </label>
          ))}
        </div>
        {err('storeIds') && (
          <p role="alert" className={styles.error}>
            {t(err('storeIds') as MessageId)}
          </p>
        )}
      </fieldset>
      {v.loyaltyType === 'POS_PRODUCTS' && (
        <ProductPicker
          products={view.products}
          selected={view.selectedProducts}
          text={v.posProductIds}
          error={err('posProductIds')}
          disabled={busy}
          onToggle={(productId) => send({ type: 'card.toggleProduct', productId })}
          onText={(value) => send({ type: 'card.change', field: 'posProductIds', value })}
        />
      )}
      {view.canEdit && (
        <div className={styles.actions}>
          {(view.hasChanges || view.isNew) && (
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isSaving}
              onClick={() => send({ type: 'card.cancel' })}
            >
              {t('loyalty.card.cancel')}
            </Button>
          )}
          <Button type="submit" loading={view.isSaving} disabled={!view.canSave && !view.isSaving}>
            {t(view.isNew ? 'loyalty.card.create' : 'loyalty.card.save')}
          </Button>
        </div>
      )}
    </form>
  )
}
