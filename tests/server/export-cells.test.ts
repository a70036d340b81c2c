// Issue 38 §2: the client export's cells are written by the database (services/export-cells.ts) so that
// PostgreSQL's COPY writes the file. Each SQL cell must write what the product's JavaScript formatting
// writes (the screens, the other exports): both are run here over the same values, on each database.
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCents, formatDate, formatInteger } from '../../src/domain/dates'
import { neutraliseCell } from '../../src/domain/exports'
import type { Locale } from '../../src/domain/locale'
import { formatPhone } from '../../src/domain/phone'
import { rowsOf } from '../../src/server/db/client'
import {
  centsCell,
  dayCell,
  integerCell,
  layoutCell,
  phoneCell,
  phoneFormats,
  safeText,
} from '../../src/server/services/export-cells'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

const LOCALES: Locale[] = ['en', 'fr']
const INTEGERS = [0, 7, -7, 999, 1000, -1234, 65_432, 1_234_567, 2_147_483_647, -2_147_483_648]
const CENTS = [0, 1, 99, 100, 1251, 123_456, 99_999_999, 1_234_567_890]
// Around Paris's and New York's clock changes, midnight and the year's turn.
const INSTANTS = [
  '2026-03-29T00:59:59Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T00:30:00Z',
  '2026-10-25T01:30:00Z',
  '2026-11-01T05:59:59Z',
  '2026-11-01T06:00:00Z',
  '2026-12-31T23:30:00Z',
  '1999-01-01T00:00:00Z',
]
const ZONES = ['Europe/Paris', 'America/New_York', 'Pacific/Pago_Pago', 'Asia/Kolkata']
const PHONES = [
  '+33612345678',
  '+33612345679',
  '+33140000000',
  '+12125550123',
  '+447911123456',
  '+4915123456789',
  '+819012345678',
  '+8613812345678',
  '+999123456789',
  '+3361234',
  '0612345678',
  '=cmd',
  '',
]
const TEXTS = [
  'Alice',
  '=HYPERLINK("x")',
  '+cmd',
  '-1+2',
  '@SUM(A1)',
  '\tTab',
  '\rCR',
  '-12',
  '+33 6 12 34 56 78',
  '-1\u00a0234,5',
  '+1\u2003000',
  '+1 000x',
  'Ünïcödé',
  '',
  ';"\n',
]

describe.each(databaseKinds())('export cells on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(() => database?.drop())

  /** One SQL cell per value, read back in order. */
  const cells = async <V>(values: V[], cell: (value: SQL) => SQL): Promise<(string | null)[]> => {
    const rows = rowsOf<{ v: string | null }>(
      await database.db.execute(
        sql`select ${cell(sql`x.value`)} as v from jsonb_array_elements_text(${JSON.stringify(values.map(String))}::jsonb) with ordinality as x(value, n) order by n`,
      ),
    )
    return rows.map((r) => r.v)
  }

  it('writes whole numbers and amounts as Intl.NumberFormat does', async () => {
    for (const locale of LOCALES) {
      expect(await cells(INTEGERS, (v) => integerCell(sql`${v}::int`, locale))).toEqual(
        INTEGERS.map((n) => formatInteger(n, locale)),
      )
      expect(await cells(CENTS, (v) => centsCell(sql`${v}::bigint`, locale))).toEqual(
        CENTS.map((c) => formatCents(c, locale)),
      )
    }
  })

  it('writes an instant’s day in the franchise’s zone as formatDate does', async () => {
    for (const locale of LOCALES)
      for (const zone of ZONES)
        expect(await cells(INSTANTS, (v) => dayCell(sql`${v}::timestamptz`, zone, locale))).toEqual(
          INSTANTS.map((at) => formatDate(at, locale, zone)),
        )
  })

  it('neutralises formulas as neutraliseCell does, and leaves an empty text empty', async () => {
    expect(await cells(TEXTS, (v) => safeText(v))).toEqual(
      TEXTS.map((text) => (text === '' ? null : neutraliseCell(text))),
    )
  })

  it('writes phone numbers as formatPhone does, formula-safe, from one sample per layout', async () => {
    const list = sql`from jsonb_array_elements_text(${JSON.stringify(PHONES)}::jsonb) as p(phone) where true`
    const formats = await phoneFormats(database.db, sql`p.phone`, list)
    // One layout per key (French mobiles share theirs), each number without one formatted alone.
    expect(formats.layouts[formats.keys['+3361234 12']!]).toBe('+## # ## ## ## ##')
    expect(Object.keys(formats.values).sort()).toEqual(['', '+3361234', '0612345678', '=cmd'].sort())
    expect(await cells(PHONES, (v) => phoneCell(v, formats))).toEqual(
      PHONES.map((p) => neutraliseCell(formatPhone(p)) || null),
    )
  })

  it('writes a layout over a number, with a quote first when a spreadsheet would not read it as one', async () => {
    const number = '+12125550123'
    const written = async (layout: string) => (await cells([number], (v) => layoutCell(v, layout)))[0]
    expect(await written('+# ### ### ####')).toBe('+1 212 555 0123')
    expect(await written('+# ###-###-####')).toBe("'+1 212-555-0123")
    expect(await written('+# (###) ###-####')).toBe(neutraliseCell('+1 (212) 555-0123'))
  })
})
