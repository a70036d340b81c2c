// Changing a store owner's stores: checkboxes of the session's stores, at least one (PUT …/owners/{id}).
import { useIntl } from 'react-intl'
import type { OwnersEvent, OwnersView } from '../../../machines/owners/owners-actions.view'
import { FormDialog } from '../../ui/FormDialog'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'
import { StoreCheckboxes } from '../../ui/StoreCheckboxes'

export function OwnerStoresDialog({ view, send }: { view: OwnersView; send: (event: OwnersEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const owner = view.storesTarget
  const busy = view.isSavingStores
  return (
    <FormDialog
      open={owner !== null}
      busy={busy}
      title={t('ownersManagement.stores.title', { email: owner?.displayName || owner?.email || '' })}
      description={t('ownersManagement.stores.description')}
      alert={view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
      submitLabel={t('ownersManagement.stores.submit')}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'dialog.cancel' })}
    >
      <StoreCheckboxes
        legend={t('ownersManagement.create.stores')}
        stores={view.stores}
        checked={view.form.storeIds}
        error={view.formErrors.storeIds ? t(view.formErrors.storeIds as MessageId) : undefined}
        disabled={busy}
        onToggle={(storeId) => send({ type: 'form.toggleStore', storeId })}
      />
    </FormDialog>
  )
}
