// A CSV file's cells written by the database (issue 38 §2): the client export's numbers, days, labels,
// phone numbers and formula-safe text as SQL expressions, so that PostgreSQL's COPY writes the file
// (db/copy-out.ts) and PGlite's rows need no formatting. Each writes what the JavaScript formatting of
// the other files writes (domain/dates.ts, domain/phone.ts, domain/exports.ts); an empty cell is NULL,
// which both CSV writers leave empty ("" would be a quoted empty text in COPY's CSV).
import { type SQL, sql } from 'drizzle-orm'
import { neutraliseCell } from '../../domain/exports'
import type { Locale } from '../../domain/locale'
import { E164, formatPhone, LAYOUT_DIGITS, phoneLayout } from '../../domain/phone'
import { type Db, rowsOf } from '../db/client'

const NARROW_NBSP = '\u202f'

/** As Intl.NumberFormat(locale) writes a whole number: "1,234" (en), "1 234" (fr, narrow no-break space). */
export function integerCell(value: SQL, locale: Locale): SQL {
  const en = sql`to_char(${value}, 'FM999,999,999,999,990')`
  return locale === 'en' ? en : sql`translate(${en}, ',', ${NARROW_NBSP})`
}

/** Cents as an amount with two decimals: "1,234.50" (en), "1 234,50" (fr). */
export function centsCell(cents: SQL, locale: Locale): SQL {
  const en = sql`to_char(${cents} / 100.0, 'FM999,999,999,999,990.00')`
  return locale === 'en' ? en : sql`translate(${en}, ',.', ${`${NARROW_NBSP},`})`
}

/** An instant's day in the zone: "MM/DD/YYYY" (en), "DD/MM/YYYY" (fr). */
export function dayCell(instant: SQL, timeZone: string, locale: Locale): SQL {
  const pattern = locale === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'
  return sql`to_char(${instant} at time zone ${timeZone}, ${pattern})`
}

/** The label of each value, else the value's catalogue id (as `label()` answers a missing one). */
export function labelCell(value: SQL, labels: Record<string, string>, idPrefix: string): SQL {
  const cases = Object.entries(labels).map(([v, text]) => sql` when ${v} then ${text}::text`)
  return sql`case ${value}::text${sql.join(cases)} else ${idPrefix} || ${value}::text end`
}

// JavaScript's \s, spelled out: PostgreSQL's [[:space:]] depends on the database's locale.
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'
/** The characters a formula starts with (=, +, -, @, tab, carriage return), as code points. */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'].map((c) => c.charCodeAt(0)).join(', ')

/**
 * neutraliseCell (domain/exports.ts) in SQL: text a spreadsheet would run as a formula gets a quote. The
 * first character is compared as a number: a regular expression on every cell cost the export seconds.
 */
export function safeText(value: SQL): SQL {
  return sql`case when ascii(${value}) in (${sql.raw(FORMULA_START)})
      and ${value} !~ ${`^[-+]?[0-9][0-9${JS_SPACE}.,]*$`} then '''' || ${value}
    else nullif(${value}, '') end`
}

/**
 * How the numbers of one export are written: each layout key's layout (an index into `layouts`), and
 * the numbers written otherwise (not E.164, or a key without a layout), already formula-safe.
 */
export type PhoneFormats = { keys: Record<string, number>; layouts: string[]; values: Record<string, string> }

/**
 * The formats for the numbers `phones` (a column) reads in `from` (a FROM … WHERE … clause): one sample
 * per layout key (the layout comes from formatting it), and each number that is not E.164 or whose key
 * has no layout, formatted on its own. Two grouped reads at most, whatever the size of the export.
 */
export async function phoneFormats(db: Db, phones: SQL, from: SQL): Promise<PhoneFormats> {
  const key = layoutKey(phones)
  const e164 = sql`${phones} ~ ${E164.source.replace('\\d', '[0-9]')}`
  const groups = rowsOf<{ k: string; sample: string; e164: boolean }>(
    await db.execute(sql`select case when ${e164} then ${key} else ${phones} end as k,
      min(${phones}) as sample, bool_and(${e164}) as e164 ${from} and ${phones} is not null group by 1`),
  )
  const formats: PhoneFormats = { keys: {}, layouts: [], values: {} }
  const index = new Map<string, number>()
  const lone: string[] = []
  for (const { k, sample, e164: follows } of groups) {
    const layout = follows ? phoneLayout(sample) : null
    if (layout) {
      if (!index.has(layout)) index.set(layout, formats.layouts.push(layout) - 1)
      formats.keys[k] = index.get(layout)!
    } else if (follows) lone.push(k)
    else formats.values[sample] = neutraliseCell(formatPhone(sample))
  }
  if (lone.length) {
    const numbers = rowsOf<{ phone: string }>(
      await db.execute(
        sql`select distinct ${phones} as phone ${from} and ${e164} and ${key} in (${sql.join(
          lone.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      ),
    )
    for (const { phone } of numbers) formats.values[phone] = neutraliseCell(formatPhone(phone))
  }
  return formats
}

const layoutKey = (phone: SQL) => sql`left(${phone}, ${LAYOUT_DIGITS}) || ' ' || length(${phone})`

/**
 * A layout ("+## # ## ## ## ##") written over an E.164 number: its digits taken in order between the
 * layout's other characters, and a quote first when neutraliseCell would add one (a layout with a
 * hyphen, "+1 212-555-0123", is not a number to a spreadsheet).
 */
export function layoutCell(phone: SQL, layout: string): SQL {
  const parts: SQL[] = []
  let digit = 0
  for (const piece of layout.match(/#+|[^#]+/g) ?? []) {
    if (piece.startsWith('#')) {
      parts.push(sql`substr(${phone}, ${2 + digit}, ${piece.length})`)
      digit += piece.length
    } else parts.push(sql`${piece}::text`)
  }
  const example = layout.replace(/#/g, '0')
  if (neutraliseCell(example) !== example) parts.unshift(sql`''''::text`)
  return sql.join(parts, sql` || `)
}

/** The number as formatPhone writes it (formula-safe), from the formats found for the export. */
export function phoneCell(phone: SQL, formats: PhoneFormats): SQL {
  const layouts = formats.layouts.map((layout, i) => sql` when ${i} then ${layoutCell(phone, layout)}`)
  const byKey = layouts.length
    ? sql`case (${JSON.stringify(formats.keys)}::jsonb ->> (${layoutKey(phone)}))::int${sql.join(layouts)} end`
    : sql`null::text`
  return sql`nullif(coalesce(${JSON.stringify(formats.values)}::jsonb ->> ${phone}, ${byKey}, ${phone}), '')`
}
