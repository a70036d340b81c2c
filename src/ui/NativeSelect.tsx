// A labelled native select: keyboard and screen readers get the platform's own behaviour (settings and
// preferences with a few fixed choices; filters use SelectField).
import { type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'

export interface NativeSelectProps {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  disabled?: boolean
  /** Said under the select and read with it. */
  hint?: ReactNode
  /** What is wrong with the choice: the select is marked invalid and says it. */
  error?: ReactNode
  /** The wrapper's layout in its form (a row's share, a minimum width). */
  className?: string
}

export function NativeSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  error,
  className,
}: NativeSelectProps) {
  const id = useId()
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
}

const styles = {
  field: css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' }),
  label: css({ textStyle: 'sm', fontWeight: 'medium' }),
  select: css({
    h: '10',
    px: '3',
    w: 'full',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    _invalid: { borderColor: 'danger.solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
  }),
  hint: css({ color: 'fg.muted', textStyle: 'sm' }),
  error: css({ color: 'danger.text', textStyle: 'xs', fontWeight: 'medium' }),
}
