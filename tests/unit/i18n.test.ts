import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LOCALE, isLocale, LOCALES, pickLocale } from '../../src/domain/locale'
import { DATE_PATTERNS, formatDate } from '../../src/ui/i18n/date'

const i18nDir = join(import.meta.dirname, '../../i18n')
// Read the files as JSON text (not imports) so the test sees exactly what is committed.
const catalogue = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(i18nDir, `${locale}.json`), 'utf8'))

describe('message catalogues (i18n/*.json)', () => {
  const en = catalogue('en')
  const fr = catalogue('fr')

  it('exist for exactly the product locales', () => {
    const files = readdirSync(i18nDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort()
    expect(files).toEqual([...LOCALES].sort())
  })

  it('have the same keys in English and French', () => {
    const enKeys = Object.keys(en).sort()
    const frKeys = Object.keys(fr).sort()
    expect(
      enKeys.filter((key) => !(key in fr)),
      'keys missing from fr.json',
    ).toEqual([])
    expect(
      frKeys.filter((key) => !(key in en)),
      'keys missing from en.json',
    ).toEqual([])
    expect(frKeys).toEqual(enKeys)
  })

  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s.json is a flat object of dotted ids to non-empty strings', (_locale, messages) => {
    // Segments are words; an error code keeps its server spelling (webhooks.errors.WEBHOOK_NOT_FOUND).
    for (const [id, message] of Object.entries(messages)) {
      expect(id, `bad message id ${id}`).toMatch(/^[a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)+$/)
      expect(typeof message, `${id} is not a string`).toBe('string')
      expect((message as string).trim(), `${id} is empty`).not.toBe('')
    }
  })

  it('use the same ICU placeholders in both languages', () => {
    const placeholders = (message: unknown) =>
      [...String(message).matchAll(/\{(\w+)/g)].map((m) => m[1]).sort()
    for (const id of Object.keys(en)) {
      expect(placeholders(fr[id]), `placeholders of ${id}`).toEqual(placeholders(en[id]))
    }
  })
})

describe('pickLocale', () => {
  it('is French by default', () => {
    expect(DEFAULT_LOCALE).toBe('fr')
    expect(pickLocale(undefined)).toBe('fr')
    expect(pickLocale(null)).toBe('fr')
    expect(pickLocale('')).toBe('fr')
    expect(pickLocale('fr-FR')).toBe('fr')
    expect(pickLocale('de-DE')).toBe('fr')
  })

  it('is English when the browser reports en-US, however it is spelled', () => {
    expect(pickLocale('en-US')).toBe('en')
    expect(pickLocale('en-us')).toBe('en')
    expect(pickLocale('EN_US')).toBe('en')
  })

  it('keeps French for other English variants (SPEC §9: only en-US is detected)', () => {
    expect(pickLocale('en')).toBe('fr')
    expect(pickLocale('en-GB')).toBe('fr')
    expect(pickLocale('en-CA')).toBe('fr')
  })

  it('prefers a stored supported choice over the browser', () => {
    expect(pickLocale('en-US', 'fr')).toBe('fr')
    expect(pickLocale('fr-FR', 'en')).toBe('en')
  })

  it('ignores a stored value that is not a product locale', () => {
    expect(pickLocale('en-US', 'de')).toBe('en')
    expect(pickLocale('fr-FR', '')).toBe('fr')
    expect(pickLocale('fr-FR', null)).toBe('fr')
  })

  it('isLocale accepts only en and fr', () => {
    expect(isLocale('en')).toBe(true)
    expect(isLocale('fr')).toBe(true)
    expect(isLocale('en-US')).toBe(false)
    expect(isLocale(undefined)).toBe(false)
  })
})

describe('formatDate', () => {
  const date = new Date(2024, 0, 5, 13, 45) // 5 January 2024, local time

  it('writes MM/DD/YYYY in English and DD/MM/YYYY in French', () => {
    expect(formatDate(date, 'en')).toBe('01/05/2024')
    expect(formatDate(date, 'fr')).toBe('05/01/2024')
    expect(DATE_PATTERNS).toEqual({ en: 'MM/DD/YYYY', fr: 'DD/MM/YYYY' })
  })

  it('accepts timestamps and ISO strings, and returns an empty string for invalid dates', () => {
    expect(formatDate(date.getTime(), 'fr')).toBe('05/01/2024')
    expect(formatDate('2024-12-31T12:00:00', 'en')).toBe('12/31/2024')
    expect(formatDate('not a date', 'en')).toBe('')
  })
})
