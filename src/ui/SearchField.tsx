import type { FormEvent } from 'react'
import { TextField } from './Field'

export interface SearchFieldProps {
  /** Names the search box (tests and assistive technology find it by this name). */
  label: string
  placeholder?: string
  /** The input's name (the merchant list's query calls its search `filter`). */
  name?: string
  value: string
  maxLength?: number
  /** Each keystroke: a list machine debounces these. */
  onChange: (value: string) => void
  /** Enter: search now, without waiting for the typing to pause. */
  onSubmit: () => void
  /** On the `search` landmark, for the page's layout. */
  className?: string
}

/** A list's search box: a labelled search input in a `search` landmark, whose form Enter submits. */
export function SearchField({
  label,
  placeholder,
  name = 'search',
  value,
  maxLength = 100,
  onChange,
  onSubmit,
  className,
}: SearchFieldProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <search className={className}>
      <form onSubmit={submit}>
        <TextField
          label={label}
          type="search"
          name={name}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={maxLength}
        />
      </form>
    </search>
  )
}
