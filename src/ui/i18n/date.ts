import type { Locale } from '../../domain/locale'

// The formatting itself is shared with the server's files (CSV exports): src/domain/dates.ts.
export { formatDate } from '../../domain/dates'

/** Date patterns of SPEC §9, shown to users as placeholders in date inputs. */
export const DATE_PATTERNS: Record<Locale, string> = { en: 'MM/DD/YYYY', fr: 'DD/MM/YYYY' }
