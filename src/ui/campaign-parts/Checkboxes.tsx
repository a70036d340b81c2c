// A campaign part: a group of checkboxes under its legend, with the rule's error under them.
import { useId } from 'react'
import { useErrorText } from './error-text'
import { styles } from './styles'

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
