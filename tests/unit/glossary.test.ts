// One word per idea across the app (issue 34: "Boutiques" in the campaign editor, "Magasin" in the
// client list; "Birth date" on the import page, "Date of birth" elsewhere). Each idea has the word the
// catalogue uses and the synonyms it must not: a message using one of them fails, naming its key.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n', `${locale}.json`), 'utf8'))

/** Per locale: the idea, the word kept, and the words that would say the same thing differently. */
const GLOSSARY = {
  fr: [
    { idea: 'store', word: /\bmagasins?\b/i, not: /\bboutiques?\b/i },
    { idea: 'coupon', word: /\bcoupons?\b/i, not: /\bbons? de réduction\b/i },
  ],
  en: [
    { idea: 'date of birth', word: /\bdate of birth\b/i, not: /\bbirth ?dates?\b/i },
    { idea: 'store', word: /\bstores?\b/i, not: /\bshops?\b/i },
  ],
} as const

describe.each(Object.entries(GLOSSARY))('the %s catalogue’s glossary', (locale, ideas) => {
  const messages = Object.entries(catalogue(locale))
  it.each(ideas.map((i) => [i.idea, i] as const))('says "%s" one way', (_idea, { word, not }) => {
    expect(messages.some(([, text]) => word.test(text))).toBe(true)
    expect(messages.filter(([, text]) => not.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([])
  })
})
