// Small pieces the campaign and automated-marketing screens share (moved from features/campaigns for
// issue 20): a field bound to the editor's errors, a checkbox group, a
// section box, and the message of a rule's error code.
import { type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'
import { TextField } from './Field'
import type { MessageId } from './i18n/messages'
import { useT } from './i18n/t'
import { TimeField } from './TimeInput'

/** The message of an error code of src/domain (filterErrors, the draft's rules). */
export const errorId = (code: string) =>
  `communication.errors.${/^[A-Z_]+$/.test(code) ? code.toLowerCase().replace(/_/g, '-') : code}` as MessageId

export function useErrorText() {
  const t = useT()
  return (code: string | undefined) => (code ? t(errorId(code)) : undefined)
}

export function Input({
  label,
  value,
  error,
  errorText,
  onChange,
  type = 'text',
  helperText,
  inputMode,
  name,
  disabled,
}: {
  label: string
  value: string
  /** A rule's code, worded through communication.errors. */
  error?: string | undefined
  /** Or a message already worded (the automation editor's own error ids). */
  errorText?: string | undefined
  onChange: (value: string) => void
  type?: string
  helperText?: ReactNode
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url'
  name?: string
  disabled?: boolean
}) {
  const say = useErrorText()
  if (type === 'time')
    return (
      <TimeField
        label={label}
        value={value}
        name={name}
        disabled={disabled}
        invalid={!!error}
        errorText={say(error)}
        helperText={helperText}
        onValue={onChange}
      />
    )
  return (
    <TextField
      label={label}
      value={value}
      type={type}
      name={name}
      inputMode={inputMode}
      disabled={disabled}
      invalid={!!(error || errorText)}
      errorText={errorText ?? say(error)}
      helperText={helperText}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  )
}

export function Checkboxes<V extends string>({
  legend,
  options,
  value,
  onToggle,
  error,
}: {
  legend: string
  options: readonly { value: V; label: string }[]
  value: readonly string[]
  onToggle: (value: V) => void
  error?: string | undefined
}) {
  const say = useErrorText()
  const errorHtmlId = useId()
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorHtmlId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((o) => (
          <label key={o.value} className={styles.choice}>
            <input type="checkbox" checked={value.includes(o.value)} onChange={() => onToggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <span id={errorHtmlId} role="alert" className={styles.error}>
          {say(error)}
        </span>
      )}
    </fieldset>
  )
}

export function Radios<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  name: string
  options: readonly { value: V; label: string }[]
  value: string
  onChange: (value: V) => void
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((o) => (
          <label key={o.value} className={styles.choice}>
            <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  )
}

export const styles = {
  fieldset: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '1' }),
  choices: css({ display: 'flex', flexWrap: 'wrap', gap: '3' }),
  choice: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', textStyle: 'sm' }),
  error: css({ color: 'danger.text', textStyle: 'sm' }),
  section: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: '5',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  sectionTitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    gap: '4',
  }),
  textarea: css({
    w: 'full',
    minH: '24',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    fontFamily: 'inherit',
    textStyle: 'sm',
    _invalid: { borderColor: 'danger.text' },
  }),
  label: css({ display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm', fontWeight: 'medium' }),
  hint: css({ color: 'fg.muted', textStyle: 'sm', fontWeight: 'normal' }),
  note: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '4',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    borderWidth: '1px',
    textStyle: 'sm',
  }),
}
