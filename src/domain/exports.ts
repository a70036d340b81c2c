// CSV exports (issue 23): the rules both the browser (the download links) and the server (the files)
// follow: the query of each export, the spreadsheet-safe cell, the file name and the CSV dialect of
// each language.
import { enums, optional, string, type } from 'superstruct'
import { Id } from './ids'
import { CalendarDay } from './input'
import { LOCALES, type Locale } from './locale'

/** A calendar day, 'YYYY-MM-DD', in the franchise's time zone. */
export const ExportDay = CalendarDay

/** Every export names the language its labels, dates and numbers are written in (the screen's). */
export const ExportLocaleQuery = type({ locale: optional(enums(LOCALES)) })

/** The ledger of a period (from and to included), the franchise's or one client's. */
export const LedgerExportQuery = type({
  locale: optional(enums(LOCALES)),
  from: ExportDay,
  to: ExportDay,
  clientId: optional(Id),
})

/**
 * A CSV body: what the export routes answer (text/csv, streamed, never JSON). Declared so that the
 * route's answer has a named shape like every other route's.
 */
export const CsvResponse = string()

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula: such a cell is written with a leading apostrophe, which makes it text (OWASP "CSV
 * injection"). A plain number ("-12", "-1 234,50") is left as it is: it is not a formula.
 */
export function neutraliseCell(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value
  if (/^[-+]?\d[\d\s\u00a0\u202f.,]*$/.test(value)) return value
  return `'${value}`
}

/**
 * French spreadsheets take the comma as the decimal separator, so French files are separated by
 * semicolons (what Excel writes and reads in a French locale); English ones by commas.
 */
export const csvDelimiter = (locale: Locale): string => (locale === 'fr' ? ';' : ',')

/** The file's name: the franchise, what it holds and the day, in plain ASCII ("maison-dupont-clients-2026-11-25.csv"). */
export function exportFileName(franchiseName: string, what: string, day: string, ext = 'csv'): string {
  const slug = franchiseName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${slug || 'franchise'}-${what}-${day}.${ext}`
}
