// Time fields follow the app's language, not the browser's (issue 24): 24 h in French, 12 h in
// English, whatever the browser's locale; the value in and out is 'HH:MM'.
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { TimeField } from '../../src/ui/TimeInput'
import { renderUi } from './render'

const inputValue = (el: HTMLElement) => (el as HTMLInputElement).value

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <TimeField
      label="Opens at"
      value={value}
      onValue={(v) => {
        seen.push(v)
        setValue(v)
      }}
    />
  )
}

describe('time fields', () => {
  it('shows and takes times on the 24-hour clock in French', async () => {
    const seen: string[] = []
    const { user } = renderUi(<Harness initial="18:30" seen={seen} />, { locale: 'fr' })
    const field = screen.getByRole('textbox', { name: 'Opens at' })
    expect(field).toHaveValue('18:30')
    expect(field).toHaveAttribute('placeholder', '08:30')
    await user.clear(field)
    await user.type(field, '07:05')
    await user.tab()
    expect(seen).toEqual(['', '07:05'])
    expect(field).toHaveValue('07:05')
  })

  it('shows times on the 12-hour clock in English and takes either form', async () => {
    const seen: string[] = []
    const { user } = renderUi(<Harness initial="18:30" seen={seen} />, { locale: 'en' })
    const field = screen.getByRole('textbox', { name: 'Opens at' })
    expect(inputValue(field)).toMatch(/^6:30\sPM$/)
    await user.clear(field)
    await user.type(field, '7:15 pm')
    await user.tab()
    expect(seen.at(-1)).toBe('19:15')
    expect(inputValue(field)).toMatch(/^7:15\sPM$/)
    fireEvent.change(field, { target: { value: '21:00' } })
    fireEvent.blur(field)
    expect(seen.at(-1)).toBe('21:00')
    expect(inputValue(field)).toMatch(/^9:00\sPM$/)
  })

  it('keeps the value while the text is not a time, and shows it again on leaving', async () => {
    const seen: string[] = []
    const { user } = renderUi(<Harness initial="08:00" seen={seen} />, { locale: 'fr' })
    const field = screen.getByRole('textbox', { name: 'Opens at' })
    await user.type(field, 'x')
    expect(field).toHaveValue('08:00x')
    await user.tab()
    expect(seen).toEqual([])
    expect(field).toHaveValue('08:00')
  })
})
