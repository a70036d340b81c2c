import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { OwnersEvent } from '../../../machines/owners/owners.machine'
import type { OwnersView } from '../../../machines/owners/owners.view'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../clients/parts'
import { StoreCheckboxes } from './StoreCheckboxes'

/** The create dialog: e-mail, optional name, and the stores (checkboxes of the session's stores). */
export function OwnerFormDialog({ view, send }: { view: OwnersView; send: (event: OwnersEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const storesError = say(view.formErrors.storeIds)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!view.isCreating) send({ type: 'form.submit' })
  }
  return (
    <Dialog.Root
      open={view.isFormOpen}
      onOpenChange={(d) => {
        if (!d.open && !view.isCreating) send({ type: 'dialog.cancel' })
      }}
      closeOnEscape={!view.isCreating}
      closeOnInteractOutside={!view.isCreating}
    >
      <Dialog.Panel hideCloseButton={view.isCreating}>
        <Dialog.Header>
          <Dialog.Title>{t('ownersManagement.create.title')}</Dialog.Title>
          <Dialog.Description>{t('ownersManagement.create.description')}</Dialog.Description>
        </Dialog.Header>
        {/* The form holds the footer too, so Enter in a field submits it. */}
        <form
          className={styles.contents}
          onSubmit={submit}
          noValidate
          aria-busy={view.isCreating || undefined}
        >
          <Dialog.Body className={styles.form}>
            {view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
            <TextField
              label={t('ownersManagement.create.email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              value={view.form.email}
              onChange={(e) => send({ type: 'form.change', field: 'email', value: e.currentTarget.value })}
              invalid={Boolean(view.formErrors.email)}
              errorText={say(view.formErrors.email)}
            />
            <TextField
              label={t('ownersManagement.create.displayName')}
              name="displayName"
              autoComplete="off"
              maxLength={120}
              value={view.form.displayName}
              onChange={(e) =>
                send({ type: 'form.change', field: 'displayName', value: e.currentTarget.value })
              }
              invalid={Boolean(view.formErrors.displayName)}
              errorText={say(view.formErrors.displayName)}
            />
            <StoreCheckboxes
              legend={t('ownersManagement.create.stores')}
              stores={view.stores}
              checked={view.form.storeIds}
              error={storesError}
              disabled={view.isCreating}
              onToggle={(storeId) => send({ type: 'form.toggleStore', storeId })}
            />
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isCreating}
              onClick={() => send({ type: 'dialog.cancel' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={view.isCreating}>
              {t('ownersManagement.create.submit')}
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
