// Wall-clock times on the language's clock (issue 24): the summaries say what the time inputs say.
import { describe, expect, it } from 'vitest'
import { clockTime } from '../../src/ui/i18n/format'

describe('clockTime', () => {
  it('uses 12 hours in English and 24 hours in French', () => {
    expect(clockTime('08:00', 'en')).toMatch(/^8:00\sAM$/)
    expect(clockTime('18:30', 'en')).toMatch(/^6:30\sPM$/)
    expect(clockTime('00:15', 'en')).toMatch(/^12:15\sAM$/)
    expect(clockTime('08:00', 'fr')).toBe('08:00')
    expect(clockTime('18:30', 'fr')).toBe('18:30')
  })

  it('leaves anything that is not a time as it is', () => {
    expect(clockTime('', 'en')).toBe('')
    expect(clockTime('soon', 'fr')).toBe('soon')
  })
})
