// A campaign part: a text (or time) field bound to the editor's errors, worded through
// communication.errors.
import type { ReactNode } from 'react'
import { TextField } from '../Field'
import { TimeField } from '../TimeInput'
import { useErrorText } from './error-text'

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
