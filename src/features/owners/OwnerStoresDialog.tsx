// Changing a store owner's stores: checkboxes of the session's stores, at least one (PUT …/owners/{id}).
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { OwnersEvent } from '../../../machines/owners/owners.machine'
import type { OwnersView } from '../../../machines/owners/owners.view'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../clients/parts'
import { StoreCheckboxes } from './StoreCheckboxes'

export function OwnerStoresDialog({ view, send }: { view: OwnersView; send: (event: OwnersEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const owner = view.storesTarget
  const busy = view.isSavingStores
  const storesError = view.formErrors.storeIds ? t(view.formErrors.storeIds as MessageId) : undefined
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) send({ type: 'form.submit' })
  }
  return (
    <Dialog.Root
      open={owner !== null}
      onOpenChange={(d) => {
        if (!d.open && !busy) send({ type: 'dialog.cancel' })
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
    >
      <Dialog.Panel hideCloseButton={busy}>
        <Dialog.Header>
          <Dialog.Title>
            {t('ownersManagement.stores.title', { email: owner?.displayName || owner?.email || '' })}
          </Dialog.Title>
          <Dialog.Description>{t('ownersManagement.stores.description')}</Dialog.Description>
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <Dialog.Body className={styles.form}>
            {view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
            <StoreCheckboxes
              legend={t('ownersManagement.create.stores')}
              stores={view.stores}
              checked={view.form.storeIds}
              error={storesError}
              disabled={busy}
              onToggle={(storeId) => send({ type: 'form.toggleStore', storeId })}
            />
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={busy}
              onClick={() => send({ type: 'dialog.cancel' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('ownersManagement.stores.submit')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

const styles = {
  contents: css({ display: 'contents' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
}
