import type { MessageFormatElement } from 'react-intl'
import type en from '../../../i18n/en.json'
import type { Locale } from '../../domain/locale'

/** Every message id of the product; en.json is the reference and tests/unit/i18n.test.ts keeps fr.json in step. */
export type MessageId = keyof typeof en

/**
 * One language's messages: ICU strings in development and tests; in a build, the formatjs CLI's
 * pre-parsed form (vite.config.ts), so that the browser is not sent the ICU parser.
 */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>

// Only the active language is downloaded (each catalogue is its own chunk, ~20 kB gzipped).
const importers: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../../../i18n/en.json'),
  fr: () => import('../../../i18n/fr.json'),
}

type Entry = { promise: Promise<Catalogue>; value?: Catalogue }
const loaded = new Map<Locale, Entry>()

/** Starts (once) loading a language's messages. */
export function loadMessages(locale: Locale): Entry {
  let entry = loaded.get(locale)
  if (!entry) {
    const created: Entry = {
      promise: importers[locale]().then((m) => {
        created.value = m.default
        return m.default
      }),
    }
    loaded.set(locale, created)
    entry = created
  }
  return entry
}

/** Every language loaded (tests, stories). */
export const loadAllMessages = () =>
  Promise.all((Object.keys(importers) as Locale[]).map((l) => loadMessages(l).promise))
