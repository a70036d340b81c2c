// The new/edit offer dialog (SPEC §2 "loyalty offers with new/edit dialogs", §5 offer rules). Closing
// (×, Escape, Cancel) asks the machine, which warns first when something changed.
import type { FormEvent } from 'react'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { LoyaltyOffersEvent } from '../../../machines/loyalty-offers/loyalty-offers.machine'
import type { LoyaltyOffersView } from '../../../machines/loyalty-offers/loyalty-offers.view'
import {
  OFFER_DESCRIPTION_MAX,
  OFFER_DESCRIPTION_MIN,
  OFFER_TYPES,
  type OfferField,
  type PosProduct,
  PRODUCT_PRIORITIES,
} from '../../domain/loyalty'
import { Button } from '../../ui/Button'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey } from '../../ui/i18n/t'
import { NativeSelect, ProductPicker, partStyles } from './parts'

export function OfferDialog({
  view,
  send,
  currency,
  products,
}: {
  view: LoyaltyOffersView
  send: (event: LoyaltyOffersEvent) => void
  currency: string
  products: readonly PosProduct[]
}) {
  const intl = useIntl()
  const formId = useId()
  const ids = { description: useId(), hint: useId(), error: useId() }
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const dialog = view.dialog!
  const v = dialog.values
  const err = (f: OfferField) => view.errors[f]
  const busy = view.isSaving
  const change = (field: OfferField, value: string) => send({ type: 'offer.change', field, value })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    send({ type: 'offer.save' })
  }
  const text = (
    field: 'name' | 'redeemPointAmount' | 'value' | 'expirationDate',
    label: string,
    extra: { inputMode?: 'numeric' | 'decimal'; type?: string; helperText?: string; required?: boolean } = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={v[field]}
      disabled={busy}
      invalid={!!err(field)}
      errorText={err(field) ? t(err(field) as MessageId) : undefined}
      {...extra}
      onChange={(e) => change(field, e.currentTarget.value)}
    />
  )
  const title = t(
    dialog.type === 'edit' ? 'loyalty.offers.dialog.editTitle' : 'loyalty.offers.dialog.newTitle',
  )
  return (
    <>
      <Dialog.Root
        open
        size="lg"
        onOpenChange={(d) => {
          if (!d.open) send({ type: 'offer.close' })
        }}
        closeOnInteractOutside={false}
      >
        <Dialog.Panel>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            <form id={formId} className={styles.form} onSubmit={submit} noValidate>
              {text('name', t('loyalty.offers.fields.name'), { required: true })}
              <div className={partStyles.label}>
                <label htmlFor={ids.description}>{t('loyalty.offers.fields.description')}</label>
                <textarea
                  id={ids.description}
                  className={partStyles.textarea}
                  name="description"
                  rows={2}
                  maxLength={OFFER_DESCRIPTION_MAX + 20}
                  value={v.description}
                  disabled={busy}
                  aria-invalid={!!err('description')}
                  aria-describedby={err('description') ? `${ids.hint} ${ids.error}` : ids.hint}
                  onChange={(e) => change('description', e.currentTarget.value)}
                />
                <span id={ids.hint} className={styles.hint}>
                  {t('loyalty.offers.fields.descriptionHelp', {
                    min: OFFER_DESCRIPTION_MIN,
                    max: OFFER_DESCRIPTION_MAX,
                    count: v.description.trim().length,
                  })}
                </span>
                {err('description') && (
                  <span id={ids.error} role="alert" className={partStyles.error}>
                    {t(err('description') as MessageId)}
                  </span>
                )}
              </div>
              <div className={partStyles.row}>
                {text('redeemPointAmount', t('loyalty.offers.fields.points'), {
                  inputMode: 'numeric',
                  required: true,
                })}
                <NativeSelect
                  label={t('loyalty.offers.fields.type')}
                  value={v.type}
                  placeholder={t('loyalty.offers.fields.chooseType')}
                  options={OFFER_TYPES.map((type) => ({
                    value: type,
                    label: t(`loyalty.offers.types.${enumKey(type)}`),
                  }))}
                  error={err('type')}
                  disabled={busy}
                  onChange={(value) => change('type', value)}
                />
                {v.type === 'FLAT' &&
                  text('value', t('loyalty.offers.fields.valueFlat', { currency }), { inputMode: 'decimal' })}
                {v.type === 'PERCENTAGE' &&
                  text('value', t('loyalty.offers.fields.valuePercent'), { inputMode: 'numeric' })}
                {v.type === 'PRODUCT' && (
                  <NativeSelect
                    label={t('loyalty.offers.fields.priority')}
                    value={v.productPriority}
                    options={PRODUCT_PRIORITIES.map((p) => ({
                      value: p,
                      label: t(`loyalty.offers.priority.${enumKey(p)}`),
                    }))}
                    error={err('productPriority')}
                    disabled={busy}
                    onChange={(value) => change('productPriority', value)}
                  />
                )}
                {text('expirationDate', t('loyalty.offers.fields.expiration'), { type: 'date' })}
              </div>
              {v.type === 'PRODUCT' && (
                <ProductPicker
                  products={products}
                  selected={dialog.selectedProducts}
                  text={v.posProductIds}
                  error={err('posProductIds')}
                  disabled={busy}
                  onToggle={(productId) => send({ type: 'offer.toggleProduct', productId })}
                  onText={(value) => change('posProductIds', value)}
                />
              )}
              <ImageUpload
                label={t('loyalty.offers.fields.image')}
                shape="wide"
                value={v.image || null}
                uploading={view.isUploading}
                disabled={busy}
                onSelect={(file) => send({ type: 'offer.upload', file })}
                onRemove={() => change('image', '')}
              />
            </form>
          </Dialog.Body>
          <Dialog.Footer>
            <div className={partStyles.actions}>
              <Button variant="outline" tone="neutral" onClick={() => send({ type: 'offer.close' })}>
                {t('loyalty.offers.cancel')}
              </Button>
              <Button type="submit" form={formId} loading={busy} disabled={view.isUploading}>
                {t(dialog.type === 'edit' ? 'loyalty.offers.save' : 'loyalty.offers.create')}
              </Button>
            </div>
          </Dialog.Footer>
        </Dialog.Panel>
      </Dialog.Root>
      <ConfirmDialog
        open={view.isConfirmingClose}
        destructive
        title={t('loyalty.confirm.leaveTitle')}
        description={t('loyalty.confirm.leaveDescription')}
        confirmLabel={t('loyalty.confirm.leaveConfirm')}
        cancelLabel={t('loyalty.confirm.leaveCancel')}
        onConfirm={() => send({ type: 'offer.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingClose) send({ type: 'offer.cancel' })
        }}
      />
    </>
  )
}

const styles = {
  body: css({ maxH: '70vh', overflowY: 'auto' }),
  form: css({ display: 'grid', gap: '4' }),
  hint: css({ color: 'fg.muted', textStyle: 'xs', fontWeight: 'normal' }),
}
