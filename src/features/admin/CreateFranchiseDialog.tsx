import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { AdminMerchantsEvent } from '../../../machines/admin-merchants/admin-merchants.machine'
import type { AdminMerchantsView } from '../../../machines/admin-merchants/admin-merchants.view'
import { COUNTRY_CODES, COUNTRY_SETTINGS } from '../../domain/franchise-settings'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel, SelectField } from '../clients/parts'

/** Create a franchise with its owner: title, country, the owner's e-mail and optional name. */
export function CreateFranchiseDialog({
  view,
  send,
}: {
  view: AdminMerchantsView
  send: (event: AdminMerchantsEvent) => void
}) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' })
  const countries = COUNTRY_CODES.map((code) => ({
    value: code,
    label: names.of(COUNTRY_SETTINGS[code]!.alpha2) ?? code,
  })).sort((a, b) => a.label.localeCompare(b.label, intl.locale))
  const busy = view.isCreating
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) send({ type: 'form.submit' })
  }
  const change = (field: 'title' | 'email' | 'displayName' | 'codeAlpha3') => (value: string) =>
    send({ type: 'form.change', field, value })
  return (
    <Dialog.Root
      open={view.isFormOpen}
      onOpenChange={(d) => {
        if (!d.open && !busy) send({ type: 'dialog.cancel' })
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
    >
      <Dialog.Panel hideCloseButton={busy}>
        <Dialog.Header>
          <Dialog.Title>{t('admin.create.title')}</Dialog.Title>
          <Dialog.Description>{t('admin.create.description')}</Dialog.Description>
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <Dialog.Body className={styles.form}>
            {view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
            <TextField
              label={t('admin.create.franchiseTitle')}
              name="title"
              autoComplete="off"
              required
              maxLength={100}
              value={view.form.title}
              onChange={(e) => change('title')(e.currentTarget.value)}
              invalid={Boolean(view.formErrors.title)}
              errorText={say(view.formErrors.title)}
            />
            <SelectField
              label={t('admin.create.country')}
              options={countries}
              value={[view.form.codeAlpha3]}
              onChange={(v) => change('codeAlpha3')(v[0] ?? '')}
            />
            {view.formErrors.codeAlpha3 && (
              <p role="alert" className={styles.error}>
                {say(view.formErrors.codeAlpha3)}
              </p>
            )}
            <TextField
              label={t('admin.create.email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              value={view.form.email}
              onChange={(e) => change('email')(e.currentTarget.value)}
              invalid={Boolean(view.formErrors.email)}
              errorText={say(view.formErrors.email)}
            />
            <TextField
              label={t('admin.create.displayName')}
              name="displayName"
              autoComplete="off"
              maxLength={120}
              value={view.form.displayName}
              onChange={(e) => change('displayName')(e.currentTarget.value)}
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
              {t('admin.create.submit')}
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
  error: css({ color: 'fg.error', textStyle: 'sm' }),
}
