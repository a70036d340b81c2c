import en from '../../../i18n/en.json'
import fr from '../../../i18n/fr.json'
import type { Locale } from '../../domain/locale'

/** Every message id of the product; en.json is the reference and tests/unit/i18n.test.ts keeps fr.json in step. */
export type MessageId = keyof typeof en

// Both catalogues are small and the CSP forbids nothing here, but bundling them keeps the first paint
// free of a translation fetch.
export const messages: Record<Locale, Record<MessageId, string>> = { en, fr }
