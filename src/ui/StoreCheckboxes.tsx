// The stores an owner is given: a checkbox per session store, with the "at least one" error. Shared by
// the create dialog and the change-stores dialog.
import { useId } from 'react'
import { css } from 'styled-system/css'

export function StoreCheckboxes({
  legend,
  stores,
  checked,
  error,
  disabled,
  onToggle,
}: {
  legend: string
  stores: readonly { id: string; name: string }[]
  checked: readonly string[]
  error: string | undefined
  disabled?: boolean
  onToggle: (storeId: string) => void
}) {
  const errorId = useId()
  return (
    <fieldset
      className={styles.stores}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {stores.map((s) => (
        <label key={s.id} className={styles.check}>
          <input
            type="checkbox"
            name="storeIds"
            value={s.id}
            disabled={disabled}
            checked={checked.includes(s.id)}
            onChange={() => onToggle(s.id)}
          />
          {s.name}
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  )
}

const styles = {
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
