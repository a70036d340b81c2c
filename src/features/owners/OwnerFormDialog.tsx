import { useIntl } from 'react-intl'
import type { OwnersEvent, OwnersView } from '../../../machines/owners/owners-actions.view'
import { FormDialog } from '../../ui/FormDialog'
import { InviteeFields } from '../../ui/InviteeFields'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'
import { StoreCheckboxes } from '../../ui/StoreCheckboxes'

/** The create dialog: e-mail, optional name, and the stores (checkboxes of the session's stores). */
export function OwnerFormDialog({ view, send }: { view: OwnersView; send: (event: OwnersEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  return (
    <FormDialog
      open={view.isFormOpen}
      busy={view.isCreating}
      title={t('ownersManagement.create.title')}
      description={t('ownersManagement.create.description')}
      alert={view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
      submitLabel={t('ownersManagement.create.submit')}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'dialog.cancel' })}
    >
      <InviteeFields
        labels={{
          email: t('ownersManagement.create.email'),
          displayName: t('ownersManagement.create.displayName'),
        }}
        email={view.form.email}
        displayName={view.form.displayName}
        errors={{ email: say(view.formErrors.email), displayName: say(view.formErrors.displayName) }}
        onChange={(field, value) => send({ type: 'form.change', field, value })}
      />
      <StoreCheckboxes
        legend={t('ownersManagement.create.stores')}
        stores={view.stores}
        checked={view.form.storeIds}
        error={say(view.formErrors.storeIds)}
        disabled={view.isCreating}
        onToggle={(storeId) => send({ type: 'form.toggleStore', storeId })}
      />
    </FormDialog>
  )
}
