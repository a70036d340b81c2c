import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { ClientFormField } from '../../../machines/client-form/client-form'
import type { ClientFormEvent } from '../../../machines/client-form/client-form.machine'
import type { ClientFormView } from '../../../machines/client-form/client-form.view'
import { GENDERS } from '../../domain/clients'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { ErrorPanel } from '../../ui/Panels'

export interface ClientFormDialogProps {
  view: ClientFormView
  send: (event: ClientFormEvent) => void
}

/** Create (from the list's search) or edit a client: the client form machine's dialog. */
export function ClientFormDialog({ view, send }: ClientFormDialogProps) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const bind = (field: ClientFormField) => ({
    name: field,
    value: view.values[field],
    onChange: (e: { currentTarget: { value: string } }) =>
      send({ type: 'form.change', field, value: e.currentTarget.value }),
    onBlur: () => send({ type: 'form.blur', field }),
    invalid: Boolean(view.errors[field]),
    errorText: say(view.errors[field]),
  })
  return (
    <FormDialog
      open={view.isOpen}
      busy={view.isSaving}
      size="lg"
      title={t(
        view.mode === 'create' ? 'pages.clients.createClient.title' : 'pages.clients.editClient.title',
      )}
      description={t(
        view.mode === 'create'
          ? 'pages.clients.createClient.description'
          : 'pages.clients.editClient.description',
      )}
      submitLabel={t(view.mode === 'create' ? 'pages.clients.createClient.submit' : 'common.save')}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'form.cancel' })}
    >
      {view.error && <ErrorPanel message={t(view.error as MessageId)} />}
      <div className={styles.row}>
        <TextField
          label={t('pages.clients.form.firstName')}
          autoComplete="off"
          required
          maxLength={80}
          {...bind('firstName')}
        />
        <TextField
          label={t('pages.clients.form.lastName')}
          autoComplete="off"
          maxLength={80}
          {...bind('lastName')}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t('pages.clients.form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={t('pages.clients.form.phonePlaceholder')}
          maxLength={30}
          {...bind('phone')}
        />
        <TextField
          label={t('pages.clients.form.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...bind('email')}
        />
      </div>
      <div className={styles.row}>
        <NativeSelect
          label={t('pages.clients.form.gender')}
          value={view.values.gender}
          options={[
            { value: '', label: t('pages.clients.form.genderUnknown') },
            ...GENDERS.map((g) => ({ value: g, label: t(`pages.clients.form.genders.${g}`) })),
          ]}
          onChange={(value) => send({ type: 'form.change', field: 'gender', value })}
          error={say(view.errors.gender)}
        />
        <TextField label={t('pages.clients.form.birthDate')} type="date" {...bind('birthDate')} />
      </div>
      <TextField
        label={t('pages.clients.form.postcode')}
        autoComplete="off"
        maxLength={12}
        className={styles.short}
        {...bind('postcode')}
      />
    </FormDialog>
  )
}

const styles = {
  row: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  short: css({ maxW: '48' }),
}
