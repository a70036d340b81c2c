// Time fields on the app language's clock (issue 24): a native <input type="time"> is drawn on the
// browser's locale (12 h in an English browser even when the app speaks French), so these are text
// fields showing the value as clockTime writes it (24 h in French, "8:00 AM" in English) and taking
// what is typed in either form. The value in and out stays 'HH:MM' ('' when cleared).
import { type ComponentProps, type FocusEvent, forwardRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { TextField, type TextFieldProps } from './Field'
import { clockTime, parseClockTime } from './i18n/format'

type TextProps = {
  type: 'text'
  autoComplete: 'off'
  spellCheck: false
  placeholder: string
  value: string
  onChange: (e: { currentTarget: { value: string } }) => void
  onBlur: (e: FocusEvent<HTMLInputElement>) => void
}

/** The text input's props for a 'HH:MM' value; `onValue` hears each whole time typed, or '' when emptied. */
export function useTimeText(value: string, onValue: (value: string) => void): TextProps {
  const { locale } = useIntl()
  // The text as typed, between keystrokes ("20:" is not a time yet); null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null)
  return {
    type: 'text',
    autoComplete: 'off',
    spellCheck: false,
    placeholder: clockTime('08:30', locale),
    value: typed ?? clockTime(value, locale),
    onChange: (e) => {
      const text = e.currentTarget.value
      setTyped(text)
      if (!text.trim()) onValue('')
      else {
        const time = parseClockTime(text)
        if (time !== null && time !== value) onValue(time)
      }
    },
    onBlur: () => setTyped(null),
  }
}

/** A bare time input (no label of its own: give it an aria-label), e.g. in a table of opening hours. */
export function TimeInput({
  value,
  onValue,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string
  onValue: (value: string) => void
}) {
  return <input {...props} {...useTimeText(value, onValue)} />
}

/** A labelled time field (label, helper, error), the TextField of times. */
export const TimeField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & { value: string; onValue: (value: string) => void }
>(function TimeField({ value, onValue, ...props }, ref) {
  return <TextField ref={ref} {...props} {...useTimeText(value, onValue)} />
})
