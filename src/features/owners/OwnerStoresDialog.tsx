// Changing a store owner's stores: checkboxes of the session's stores, at least one (PUT …/owners/{id}).
import type { FormEvent } from 'react'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { OwnersEvent } from '../../../machines/owners/owners.machine'
import type { OwnersView } from '../../../machines/owners/owners.view'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../clients/parts'

export function OwnerStoresDialog({ view, send }: { view: OwnersView; send: (event: OwnersEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const errorId = useId()
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
            <fieldset
              className={styles.stores}
              aria-invalid={storesError ? true : undefined}
              aria-describedby={storesError ? errorId : undefined}
            >
              <legend className={styles.legend}>{t('ownersManagement.create.stores')}</legend>
              {view.stores.map((s) => (
                <label key={s.id} className={styles.check}>
                  <input
                    type="checkbox"
                    name="storeIds"
                    value={s.id}
                    disabled={busy}
                    checked={view.form.storeIds.includes(s.id)}
                    onChange={() => send({ type: 'form.toggleStore', storeId: s.id })}
                  />
                  {s.name}
                </label>
              ))}
              {storesError && (
                <p id={errorId} className={styles.error}>
                  {storesError}
                </p>
              )}
            </fieldset>
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
  stores: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '1.5', color: 'fg.default' }),
  check: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    textStyle: 'sm',
    cursor: 'pointer',
    '& input': { w: '4', h: '4', accentColor: 'var(--colors-accent-solid)' },
  }),
  error: css({ color: 'danger.text', textStyle: 'sm' }),
}
