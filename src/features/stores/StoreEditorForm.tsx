// The store form (every §3 field, the opening hours and the settings), rendered from the store editor's
// view. Used in the new/edit dialog of the list and on the store page. It only renders and sends events.
import type { FormEvent, ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { StoreEditorEvent } from '../../../machines/store-editor/store-editor.machine'
import type { StoreEditorView } from '../../../machines/store-editor/store-editor.view'
import type { Category } from '../../domain/auth'
import { countryName, countryOptions } from '../../domain/countries'
import { LINK_FIELDS, type StoreField } from '../../domain/stores'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { NearCities } from './NearCities'
import { OpeningHoursEditor } from './OpeningHoursEditor'

export interface StoreEditorFormProps {
  view: StoreEditorView
  send: (event: StoreEditorEvent) => void
  categories: readonly Category[]
  /** The form's id, so that buttons outside it (a dialog footer) can submit it. */
  id: string
  /** The level of the form's own headings: 2 on the store page (under its h1), 3 in a dialog (under its h2). */
  headingLevel?: 2 | 3
}

export function StoreEditorForm({ view, send, categories, id, headingLevel }: StoreEditorFormProps) {
  const intl = useIntl()
  const t = (key: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values)
  const busy = !view.isEditing
  const text = (
    field: StoreField,
    props: { type?: string; required?: boolean; hint?: ReactNode; autoComplete?: string } = {},
  ) => {
    const error = view.errors[field]
    return (
      <TextField
        label={t(`store.form.${field}` as MessageId)}
        name={field}
        type={props.type ?? 'text'}
        required={props.required}
        autoComplete={props.autoComplete ?? 'off'}
        value={view.values[field]}
        disabled={busy}
        invalid={!!error}
        errorText={error ? t(error as MessageId) : undefined}
        helperText={props.hint}
        onChange={(e) => send({ type: 'store.change', field, value: e.currentTarget.value })}
      />
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    send({ type: 'store.save' })
  }
  const locale = intl.locale.startsWith('fr') ? 'fr' : 'en'
  const currencyName =
    new Intl.DisplayNames([intl.locale], { type: 'currency' }).of(view.currencyCode) ?? view.currencyCode
  return (
    <form id={id} noValidate onSubmit={submit} className={styles.form}>
      {view.franchise && <FirstStoreFranchise view={view} send={send} busy={busy} />}
      <Section title={t('store.editor.sections.general')}>
        {text('name', { required: true })}
        <label className={styles.label}>
          {t('store.form.description')}
          <textarea
            className={styles.textarea}
            name="description"
            rows={3}
            value={view.values.description}
            disabled={busy}
            onChange={(e) =>
              send({ type: 'store.change', field: 'description', value: e.currentTarget.value })
            }
          />
        </label>
        <div className={styles.row}>
          <label className={styles.label}>
            {t('store.form.categoryId')}
            <select
              className={styles.select}
              value={view.values.categoryId}
              disabled={busy}
              onChange={(e) =>
                send({ type: 'store.change', field: 'categoryId', value: e.currentTarget.value })
              }
            >
              <option value="">{t('store.form.noCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {locale === 'fr' ? c.name_fr : c.name_en}
                </option>
              ))}
            </select>
          </label>
          {/* The franchise country's currency, shown and never chosen: it cannot contradict the country. */}
          <TextField
            label={t('store.form.currencyCode')}
            name="currencyCode"
            readOnly
            value={`${currencyName} (${view.currencyCode})`}
            helperText={t('store.form.currencyHint', { country: countryName(view.country, intl.locale) })}
          />
        </div>
      </Section>
      <Section title={t('store.editor.sections.contact')}>
        <div className={styles.row}>
          {text('phone', { type: 'tel', autoComplete: 'tel' })}
          {text('email', { type: 'email', autoComplete: 'email' })}
        </div>
      </Section>
      <Section title={t('store.editor.sections.links')}>
        <div className={styles.row}>
          {LINK_FIELDS.map((f) => (
            <div key={f}>{text(f, { type: 'url' })}</div>
          ))}
        </div>
      </Section>
      <Section title={t('store.editor.sections.images')}>
        <div className={styles.row}>
          {(['logo', 'picture'] as const).map((field) => (
            <ImageUpload
              key={field}
              label={t(`store.form.${field}`)}
              shape={field === 'logo' ? 'square' : 'wide'}
              value={view.values[field] || null}
              uploading={view.isUploading}
              disabled={busy}
              onSelect={(file) => send({ type: 'store.upload', field, file })}
              onRemove={() => send({ type: 'store.change', field, value: '' })}
            />
          ))}
        </div>
      </Section>
      <Section title={t('store.editor.sections.address')}>
        {text('line1', { autoComplete: 'address-line1' })}
        <div className={styles.row}>
          {text('postcode', { autoComplete: 'postal-code' })}
          {text('city', { autoComplete: 'address-level2' })}
          {text('lat', { type: 'text' })}
          {text('lng', { type: 'text' })}
        </div>
        <NearCities view={view} send={send} />
      </Section>
      <Section title={t('store.editor.sections.hours')}>
        <OpeningHoursEditor
          hours={view.hours}
          errors={view.hourErrors}
          groups={view.groups}
          send={send}
          disabled={busy}
          headingLevel={headingLevel}
        />
      </Section>
      <Section title={t('store.editor.sections.settings')}>
        {(['hasScannerEnabled', 'hasFullWebAppEnabled'] as const).map((key) => (
          <label key={key} className={styles.check}>
            <input
              type="checkbox"
              checked={view.settings[key]}
              disabled={busy}
              onChange={() => send({ type: 'settings.toggle', key })}
            />
            <span>
              <strong>{t(`store.settings.${key}`)}</strong>
              <span className={styles.hint}>{t(`store.settings.${key}Hint`)}</span>
            </span>
          </label>
        ))}
      </Section>
    </form>
  )
}

/** §4: the franchise a merchant's first store creates; its country sets the currency and time zone. */
function FirstStoreFranchise({
  view,
  send,
  busy,
}: Pick<StoreEditorFormProps, 'view' | 'send'> & { busy: boolean }) {
  const intl = useIntl()
  const t = (key: MessageId) => intl.formatMessage({ id: key })
  const nameError = view.franchiseErrors.franchiseName
  const countryError = view.franchiseErrors.codeAlpha3
  return (
    <Section title={t('store.firstStore.title')}>
      <p className={styles.hint}>{t('store.firstStore.hint')}</p>
      <div className={styles.row}>
        <TextField
          label={t('store.firstStore.franchiseName')}
          name="franchiseName"
          required
          autoComplete="organization"
          value={view.franchise?.franchiseName ?? ''}
          disabled={busy}
          invalid={!!nameError}
          errorText={nameError ? t(nameError as MessageId) : undefined}
          onChange={(e) =>
            send({ type: 'franchise.change', field: 'franchiseName', value: e.currentTarget.value })
          }
        />
        <NativeSelect
          label={t('store.firstStore.country')}
          value={view.franchise?.codeAlpha3 ?? ''}
          options={countryOptions(intl.locale)}
          disabled={busy}
          error={countryError ? t(countryError as MessageId) : undefined}
          hint={t('store.firstStore.countryHint')}
          onChange={(codeAlpha3) =>
            send({ type: 'franchise.change', field: 'codeAlpha3', value: codeAlpha3 })
          }
        />
      </div>
    </Section>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{title}</legend>
      {children}
    </fieldset>
  )
}

const field = {
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  fontWeight: 'normal',
} as const

const styles = {
  form: css({ display: 'grid', gap: '5' }),
  section: css({ display: 'grid', gap: '3', borderWidth: 0, p: 0, m: 0, minW: 0 }),
  legend: css({ textStyle: 'md', fontWeight: 'semibold', mb: '2' }),
  row: css({
    display: 'grid',
    gap: '3',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  }),
  label: css({ display: 'grid', gap: '1.5', textStyle: 'sm', fontWeight: 'medium' }),
  textarea: css(field),
  select: css(field),
  check: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    cursor: 'pointer',
    '& input': { mt: '1' },
  }),
  hint: css({ display: 'block', color: 'fg.muted', textStyle: 'sm' }),
}
