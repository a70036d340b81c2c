import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type {
  AdminMerchantsEvent,
  AdminMerchantsView,
} from '../../../machines/admin-merchants/admin-merchants-actions.view'
import { FRANCHISE_TITLE_MAX } from '../../domain/admin'
import { countryOptions } from '../../domain/countries'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import { InviteeFields } from '../../ui/InviteeFields'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'
import { SelectField } from '../../ui/SelectField'

type Props = { view: AdminMerchantsView; send: (event: AdminMerchantsEvent) => void }

/** The franchise's own fields (title and country), shared by both dialogs. */
function FranchiseFields({ view, send }: Props) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const countries = countryOptions(intl.locale)
  return (
    <>
      <TextField
        label={t('admin.create.franchiseTitle')}
        name="title"
        autoComplete="off"
        required
        maxLength={FRANCHISE_TITLE_MAX}
        value={view.form.title}
        onChange={(e) => send({ type: 'form.change', field: 'title', value: e.currentTarget.value })}
        invalid={Boolean(view.formErrors.title)}
        errorText={say(view.formErrors.title)}
      />
      <SelectField
        label={t('admin.create.country')}
        options={countries}
        value={[view.form.codeAlpha3]}
        onChange={(v) => send({ type: 'form.change', field: 'codeAlpha3', value: v[0] ?? '' })}
      />
      {view.formErrors.codeAlpha3 && (
        <p role="alert" className={styles.error}>
          {say(view.formErrors.codeAlpha3)}
        </p>
      )}
    </>
  )
}

/**
 * Create a franchise: title and country, then either its owner invited now (e-mail, optional name)
 * or no owner yet (the franchise's panel opens, where the owner is created later).
 */
export function CreateFranchiseDialog({ view, send }: Props) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const busy = view.isCreating
  const later = view.ownerTiming === 'later'
  return (
    <FormDialog
      open={view.isFormOpen}
      busy={busy}
      title={t('admin.create.title')}
      description={t(later ? 'admin.create.descriptionLater' : 'admin.create.description')}
      alert={view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
      submitLabel={t('admin.create.submit')}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'dialog.cancel' })}
    >
      <FranchiseFields view={view} send={send} />
      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className={styles.legend}>{t('admin.create.ownerTiming')}</legend>
        {(['now', 'later'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="ownerTiming"
              value={value}
              checked={view.ownerTiming === value}
              onChange={() => send({ type: 'form.ownerTiming', value })}
            />
            <span>{t(value === 'now' ? 'admin.create.ownerNow' : 'admin.create.ownerLater')}</span>
          </label>
        ))}
      </fieldset>
      {!later && (
        <InviteeFields
          labels={{ email: t('admin.create.email'), displayName: t('admin.create.displayName') }}
          email={view.form.email}
          displayName={view.form.displayName}
          errors={{ email: say(view.formErrors.email) }}
          onChange={(field, value) => send({ type: 'form.change', field, value })}
        />
      )}
    </FormDialog>
  )
}

/** "Add a franchise" on a merchant's row: title and country of a new franchise that merchant owns. */
export function AddFranchiseDialog({ view, send }: Props) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return (
    <FormDialog
      open={view.isAddFormOpen}
      busy={view.isAdding}
      title={t('admin.addFranchise.title')}
      description={t('admin.addFranchise.description', { email: view.addFor?.email ?? '' })}
      alert={view.formError && <ErrorPanel message={t(view.formError as MessageId)} />}
      submitLabel={t('admin.addFranchise.submit')}
      onSubmit={() => send({ type: 'form.submit' })}
      onCancel={() => send({ type: 'dialog.cancel' })}
    >
      <FranchiseFields view={view} send={send} />
    </FormDialog>
  )
}

const styles = {
  error: css({ color: 'fg.error', textStyle: 'sm' }),
  fieldset: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '1' }),
  choice: css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' }),
}
