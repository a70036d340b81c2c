// The webhooks panel's dialogs: the endpoint form, the secret shown once, and the confirmations of a
// deletion and a rotation.
import { WEBHOOK_EVENTS } from '../../domain/webhooks'
import { Button } from '../../ui/Button'
import { Checkboxes } from '../../ui/campaign-parts'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import { styles, useT, type WebhooksProps } from './parts'

export function WebhookDialogs({ view, send }: WebhooksProps) {
  const t = useT()
  const serverError = view.error && view.error !== 'webhooks.errors.load' ? view.error : null
  return (
    <>
      <FormDialog
        open={view.isEditing}
        busy={view.isSaving}
        title={t(view.isNew ? 'webhooks.form.addTitle' : 'webhooks.form.editTitle')}
        alert={serverError ? <p role="alert">{t(serverError)}</p> : undefined}
        submitLabel={t('webhooks.form.save')}
        onSubmit={() => send({ type: 'webhooks.save' })}
        onCancel={() => send({ type: 'webhooks.cancel' })}
      >
        <TextField
          label={t('webhooks.form.url')}
          type="url"
          inputMode="url"
          required
          value={view.form.url}
          helperText={t('webhooks.form.urlHelp')}
          invalid={!!view.errors.url}
          errorText={view.errors.url ? t(view.errors.url) : undefined}
          onChange={(e) => send({ type: 'webhooks.change', field: 'url', value: e.currentTarget.value })}
        />
        <TextField
          label={t('webhooks.form.descriptionLabel')}
          value={view.form.description}
          maxLength={200}
          onChange={(e) =>
            send({ type: 'webhooks.change', field: 'description', value: e.currentTarget.value })
          }
        />
        <Checkboxes
          legend={t('webhooks.form.events')}
          options={WEBHOOK_EVENTS.map((value) => ({ value, label: t(`webhooks.events.${value}`) }))}
          value={view.form.events}
          onToggle={(event) => send({ type: 'webhooks.toggleEvent', event })}
          error={view.errors.events}
        />
      </FormDialog>

      <Dialog.Root open={view.isShowingSecret} closeOnEscape={false} closeOnInteractOutside={false} size="md">
        <Dialog.Panel hideCloseButton>
          <Dialog.Header>
            <Dialog.Title>{t('webhooks.secret.title')}</Dialog.Title>
            <Dialog.Description>{t('webhooks.secret.description')}</Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <p className={styles.muted}>{view.selected?.url}</p>
            <output aria-label={t('webhooks.secret.label')} className={styles.secret}>
              {view.secret}
            </output>
          </Dialog.Body>
          <Dialog.Footer>
            <div className={styles.row}>
              <Button variant="outline" onClick={() => send({ type: 'webhooks.copySecret' })}>
                {t('webhooks.secret.copy')}
              </Button>
              <Button onClick={() => send({ type: 'webhooks.dismissSecret' })}>
                {t('webhooks.secret.done')}
              </Button>
            </div>
          </Dialog.Footer>
        </Dialog.Panel>
      </Dialog.Root>

      <ConfirmDialog
        open={view.isConfirmingDelete}
        destructive
        loading={view.isDeleting}
        title={t('webhooks.confirmDelete.title')}
        description={t('webhooks.confirmDelete.description', { url: view.selected?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        onConfirm={() => send({ type: 'webhooks.confirm' })}
        onOpenChange={(open) => !open && !view.isDeleting && send({ type: 'webhooks.cancel' })}
      />
      <ConfirmDialog
        open={view.isConfirmingRotate}
        loading={view.isRotating}
        title={t('webhooks.confirmRotate.title')}
        description={t('webhooks.confirmRotate.description')}
        confirmLabel={t('webhooks.rotate')}
        onConfirm={() => send({ type: 'webhooks.confirm' })}
        onOpenChange={(open) => !open && !view.isRotating && send({ type: 'webhooks.cancel' })}
      />
    </>
  )
}
