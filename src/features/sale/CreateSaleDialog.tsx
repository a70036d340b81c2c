// The toolbar's create-sale dialog (SPEC §1, §4): renders the create-sale machine and sends its events.
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { useIntl } from 'react-intl'
import type { CreateSaleEvent, createSaleMachine } from '../../../machines/create-sale/create-sale.machine'
import { type CreateSaleView, toCreateSaleView } from '../../../machines/create-sale/create-sale.view'
import { formatCountdown, formatMoney } from '../../domain/sale'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorCircleIcon, InfoIcon } from '../../ui/icons'
import { ReceiptIcon } from '../../ui/shell/icons'
import { StoreDialogFrame } from '../../ui/shell/StoreDialogFrame'
import { Notice, styles, useT } from './parts'

export type CreateSaleStore = { franchiseId: string; id: string; name: string } | null

/** The button and its dialog, on the current store (a new machine per store: `key` it by the store). */
export function CreateSaleButton({
  store,
  logic,
  savedTagId,
  label,
}: {
  store: CreateSaleStore
  logic: typeof createSaleMachine
  savedTagId: string | null
  label: string
}) {
  const actor = useActorRef(logic, {
    input: { franchiseId: store?.franchiseId ?? null, storeId: store?.id ?? null, savedTagId },
  })
  const view = useSelector(actor, toCreateSaleView)
  return (
    <CreateSaleDialogView
      view={view}
      send={actor.send}
      storeName={store?.name ?? null}
      trigger={
        <Button size="md" aria-label={label}>
          <ReceiptIcon />
          <span className={styles.triggerLabel} aria-hidden="true">
            {label}
          </span>
        </Button>
      }
    />
  )
}

export function CreateSaleDialogView({
  view,
  send,
  storeName,
  trigger,
}: {
  view: CreateSaleView
  send: (e: CreateSaleEvent) => void
  storeName: string | null
  trigger?: ReactNode
}) {
  const intl = useIntl()
  const formId = useId()
  const t = useT()
  const title = t('shell.createSale.title')
  return (
    <StoreDialogFrame
      title={title}
      storeName={storeName}
      trigger={trigger}
      open={view.isOpen}
      onOpenChange={(open) => send({ type: open ? 'sale.open' : 'sale.close' })}
      actions={
        view.isReady ? (
          <>
            {view.injection && (
              <Button
                variant="outline"
                tone="danger"
                disabled={!view.canReset}
                loading={view.isResetting}
                onClick={() => send({ type: 'sale.reset' })}
              >
                {t('dialogs.createSaleDialog.reset')}
              </Button>
            )}
            <Button type="submit" form={formId} disabled={!view.canSubmit} loading={view.isInjecting}>
              {t('dialogs.createSaleDialog.validate')}
            </Button>
          </>
        ) : undefined
      }
    >
      {view.isLoading && <p className={styles.muted}>{t('dialogs.createSaleDialog.loading')}</p>}
      {view.hasNoStore && (
        <Notice tone="info" icon={<InfoIcon />} text={t('dialogs.createSaleDialog.noStore')} />
      )}
      {view.hasNoTags && (
        <Notice tone="info" icon={<InfoIcon />} text={t('dialogs.createSaleDialog.noTagsFound')} />
      )}
      {view.isLoadFailed && view.error && (
        <Notice
          tone="error"
          icon={<ErrorCircleIcon />}
          text={t(view.error as MessageId)}
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'sale.retry' })}>
              {t('dialogs.createSaleDialog.retry')}
            </Button>
          }
        />
      )}
      {view.isReady && (
        <form
          id={formId}
          className={styles.form}
          onSubmit={(e) => {
            // Enter in the amount field submits (§5); the machine decides whether it may.
            e.preventDefault()
            send({ type: 'sale.submit' })
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('dialogs.createSaleDialog.tag')}</legend>
            {view.selectedTagId === null && (
              <p className={styles.muted}>{t('dialogs.createSaleDialog.selectTag')}</p>
            )}
            <div className={styles.tags}>
              {view.tags.map((tag) => (
                <label
                  key={tag.id}
                  className={styles.tagOption}
                  data-selected={tag.id === view.selectedTagId || undefined}
                >
                  <input
                    type="radio"
                    name={`${formId}-tag`}
                    value={tag.id}
                    checked={tag.id === view.selectedTagId}
                    disabled={!view.canSelect}
                    onChange={() => send({ type: 'sale.select', tagId: tag.id })}
                  />
                  <span>{tag.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {view.isCollected && (
            <p role="status" className={styles.collected}>
              {t('dialogs.createSaleDialog.collected')}
            </p>
          )}
          {view.injection && (
            <section aria-label={t('dialogs.createSaleDialog.injected')} className={styles.injection}>
              <p className={styles.injectionTitle}>{t('dialogs.createSaleDialog.injected')}</p>
              <p className={styles.amount}>
                {formatMoney(view.injection.amountCents, view.injection.currencyCode, intl.locale)}
              </p>
              <p className={styles.points}>
                {t('dialogs.createSaleDialog.points', { points: view.injection.points })}
              </p>
              <p role="timer" aria-live="off" className={styles.countdown}>
                {t('dialogs.createSaleDialog.countdown', { time: formatCountdown(view.remaining ?? 0) })}
              </p>
            </section>
          )}
          <Field.Root invalid={view.amountProblem === 'invalid' || view.amountProblem === 'tooLarge'}>
            <Field.Label>{t('dialogs.createSaleDialog.amount')}</Field.Label>
            <Field.Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={view.amount}
              disabled={!view.canEditAmount}
              onChange={(e) => send({ type: 'sale.amount', value: e.currentTarget.value })}
            />
            <Field.HelperText>{t('dialogs.createSaleDialog.amountHint')}</Field.HelperText>
            <Field.ErrorText>
              {view.amountProblem === 'tooLarge'
                ? t('dialogs.createSaleDialog.amountTooLarge')
                : t('dialogs.createSaleDialog.amountInvalid')}
            </Field.ErrorText>
          </Field.Root>
          {view.error && !view.isLoadFailed && (
            <Notice tone="error" icon={<ErrorCircleIcon />} text={t(view.error as MessageId)} />
          )}
        </form>
      )}
    </StoreDialogFrame>
  )
}
