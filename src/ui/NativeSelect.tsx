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
  className,
}: NativeSelectProps) {
  const id = useId()
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
        aria-describedby={hint ? `${id}-hint` : undefined}
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
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
  }),
  hint: css({ color: 'fg.muted', textStyle: 'sm' }),
}
