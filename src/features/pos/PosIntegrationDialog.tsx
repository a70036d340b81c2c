// The POS integration dialog (SPEC §2): loading, the load failure with its retry, or the account form,
// the webhook address and secret (copy, regenerate after a confirmation), the webhook status and what
// the till posted. It cannot be dismissed while saving or regenerating.
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { PosIntegrationEvent } from '../../../machines/pos-integration/pos-integration.machine'
import type { PosIntegrationView } from '../../../machines/pos-integration/pos-integration.view'
import { Button } from '../../ui/Button'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { PosAccountForm } from './PosAccountForm'
import { PosActivity, WebhookBadge } from './PosActivity'
import { PosWebhook } from './PosWebhook'

export type PosProps = { view: PosIntegrationView; send: (event: PosIntegrationEvent) => void }

export function PosIntegrationDialog({ view, send }: PosProps) {
  const intl = useIntl()
  const formId = useId()
  const t = (id: MessageId) => intl.formatMessage({ id })
  return (
    <>
      <Dialog.Root
        open={view.isOpen}
        size="lg"
        onOpenChange={(d) => {
          if (!d.open && !view.isBusy) send({ type: 'pos.close' })
        }}
        closeOnEscape={!view.isBusy}
        closeOnInteractOutside={false}
      >
        <Dialog.Panel hideCloseButton={view.isBusy}>
          <Dialog.Header>
            <Dialog.Title>{t('pos.dialog.title')}</Dialog.Title>
            {view.status && <WebhookBadge status={view.status} />}
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            {view.isLoading ? (
              <p className={styles.loading} role="status">
                <Spinner /> {t('pos.dialog.loading')}
              </p>
            ) : view.isFailed ? (
              <ErrorPanel
                message={t((view.error ?? 'pos.errors.fetch-integration-failed') as MessageId)}
                onRetry={() => send({ type: 'pos.retry' })}
              />
            ) : (
              <>
                {view.isNew && (
                  <p className={styles.info} role="note">
                    {t('pos.dialog.notConnected')}
                  </p>
                )}
                <PosAccountForm id={formId} view={view} send={send} />
                <PosWebhook view={view} send={send} />
                <PosActivity view={view} />
              </>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <div className={styles.actions}>
              {!view.isLoading && !view.isFailed && (
                <Button
                  variant="ghost"
                  tone="neutral"
                  loading={view.isRefreshing}
                  disabled={!view.canRefresh && !view.isRefreshing}
                  onClick={() => send({ type: 'pos.refresh' })}
                >
                  {t('pos.actions.refresh')}
                </Button>
              )}
              <span className={styles.spacer} />
              <Button
                variant="outline"
                tone="neutral"
                disabled={view.isBusy}
                onClick={() => send({ type: 'pos.close' })}
              >
                {t('pos.actions.close')}
              </Button>
              {!view.isLoading && !view.isFailed && (
                <Button
                  type="submit"
                  form={formId}
                  loading={view.isSaving}
                  disabled={!view.canSave && !view.isSaving}
                >
                  {view.isNew ? t('pos.actions.connect') : t('pos.actions.save')}
                </Button>
              )}
            </div>
          </Dialog.Footer>
        </Dialog.Panel>
      </Dialog.Root>
      <ConfirmDialog
        open={view.isConfirmingRegenerate || view.isRegenerating}
        destructive
        loading={view.isRegenerating}
        title={t('pos.confirm.regenerateTitle')}
        description={t('pos.confirm.regenerateDescription')}
        confirmLabel={t('pos.confirm.regenerateConfirm')}
        onConfirm={() => send({ type: 'pos.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingRegenerate) send({ type: 'pos.cancel' })
        }}
      />
    </>
  )
}

const styles = {
  body: css({ maxH: '70vh', overflowY: 'auto', display: 'grid', gap: '6' }),
  loading: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', py: '6' }),
  info: css({
    p: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'border.default',
    bg: 'bg.subtle',
    textStyle: 'sm',
  }),
  actions: css({ display: 'flex', gap: '2', width: '100%', flexWrap: 'wrap' }),
  spacer: css({ flex: '1' }),
}
