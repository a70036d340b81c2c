// Small shared pieces of the franchise page: the translator, section frame, its form rows and styles.
import type { FormEvent, ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { FranchiseSettingsEvent } from '../../../machines/franchise-settings/franchise-settings.machine'
import type { FranchiseSettingsView } from '../../../machines/franchise-settings/franchise-settings.view'
import { Button } from '../../ui/Button'
import { useT } from '../../ui/i18n/t'

export { useT }

export type PartProps = { view: FranchiseSettingsView; send: (event: FranchiseSettingsEvent) => void }

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: ReactNode
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {description && <p className={styles.muted}>{description}</p>}
      {children}
    </section>
  )
}

/** A section's form: its fields in the section's column, submitted by `onSave` (the browser's checks off). */
export function SectionForm({ onSave, children }: { onSave: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave()
  }
  return (
    <form className={styles.section} style={{ border: 0, padding: 0 }} onSubmit={submit} noValidate>
      {children}
    </form>
  )
}

/** A checkbox with its label on one row. */
export function CheckRow({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: ReactNode
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(ev) => onChange(ev.currentTarget.checked)}
      />
      {label}
    </label>
  )
}

/** A labelled multi-line text with its error (already translated) under it. */
export function TextAreaRow({
  label,
  value,
  readOnly,
  error,
  onChange,
}: {
  label: ReactNode
  value: string
  readOnly: boolean
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <textarea
        className={styles.textarea}
        value={value}
        readOnly={readOnly}
        aria-invalid={!!error || undefined}
        onChange={(ev) => onChange(ev.currentTarget.value)}
      />
      {error && <span className={styles.error}>{error}</span>}
    </label>
  )
}

/** A section form's last row: reset to what was saved, and save (the form's submit). */
export function SaveRow({
  saving,
  canSave,
  resetDisabled,
  onReset,
}: {
  saving: boolean
  canSave: boolean
  resetDisabled: boolean
  onReset: () => void
}) {
  const t = useT()
  return (
    <div className={styles.actions}>
      <Button type="button" variant="outline" tone="neutral" disabled={resetDisabled} onClick={onReset}>
        {t('franchise.reset')}
      </Button>
      <Button type="submit" loading={saving} disabled={!canSave}>
        {t('franchise.save')}
      </Button>
    </div>
  )
}

export const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '5xl', mx: 'auto' }),
  header: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  grid: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } }),
  section: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: '6',
    borderRadius: 'l3',
    borderWidth: '1px',
    borderColor: 'border.default',
    bg: 'bg.default',
  }),
  sectionTitle: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  actions: css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' }),
  row: css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' }),
  field: css({ display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1', minW: '40' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium' }),
  textarea: css({
    minH: '24',
    p: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'border.default',
    bg: 'bg.default',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
  }),
  check: css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' }),
  summary: css({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    flexWrap: 'wrap',
    py: '2',
    borderTopWidth: '1px',
    borderColor: 'border.subtle',
    _first: { borderTopWidth: '0' },
  }),
  error: css({ color: 'fg.error', fontSize: 'sm' }),
  swatch: css({ w: '10', h: '10', p: '0', borderRadius: 'l2', borderWidth: '1px', cursor: 'pointer' }),
  preview: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: '5',
    borderRadius: 'l3',
    boxShadow: 'md',
    maxW: 'sm',
  }),
  previewChip: css({ alignSelf: 'flex-start', px: '2', py: '0.5', borderRadius: 'l1', fontWeight: 'medium' }),
  previewButton: css({
    alignSelf: 'flex-start',
    px: '4',
    py: '2',
    borderRadius: 'l2',
    fontWeight: 'semibold',
  }),
  centered: css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'center', py: '16' }),
  alert: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '3',
    p: '8',
    borderRadius: 'l3',
    borderWidth: '1px',
    borderColor: 'border.error',
    textAlign: 'center',
  }),
}
