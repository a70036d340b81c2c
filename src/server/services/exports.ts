// CSV exports (issue 23): the client list's current filter, the ledger of a period, a campaign's
// recipients. Each is read a batch at a time (a cursor on PostgreSQL, keyset batches on PGlite; never
// OFFSET, never the whole result) and written through csv-stringify into the reply as the browser reads
// it, so memory stays flat whatever the size — except the client list on PostgreSQL, the largest file,
// which the database writes itself through COPY (issue 38 §2). The scope is checked before the first
// byte: a foreign id is a 404, not a cut-off file.
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import en from '../../../i18n/en.json'
import fr from '../../../i18n/fr.json'
import type { ClientSortField } from '../../domain/clients'
import { formatCents, formatDateTime, formatInteger, isoDay } from '../../domain/dates'
import { csvDelimiter, exportFileName, neutraliseCell } from '../../domain/exports'
import type { Locale } from '../../domain/locale'
import { formatPhone } from '../../domain/phone'
import type { Db } from '../db/client'
import { concatStreams, copyCsv } from '../db/copy-out'
import { cursorBatches, poolOf } from '../db/cursor'
import { campaignRecipients, clientBalances, clients, pointsTransactions, stores } from '../db/schema'
import { badRequest } from '../errors'
import { campaignRow } from './campaign-rows'
import { type ClientListParams, clientListQuery } from './client-accounts'
import { BALANCE_SORTS, clientListFilter, clientTypeCondition, SORTS } from './client-queries'
import { visibleClient } from './clients'
import { centsCell, dayCell, integerCell, labelCell, phoneCell, phoneFormats, safeText } from './export-cells'
import { inScope, scopedFranchise, type Tenant } from './scope'

/** Rows read per query: large enough to be cheap per row, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000

export type CsvExport = { fileName: string; stream: Readable }

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr }
/** A label in the file's language (the screens' own messages). */
export const label = (locale: Locale, id: string): string => CATALOGUES[locale][id] ?? id

/**
 * The file: a BOM (so spreadsheets read UTF-8), the language's separator, and every text cell made
 * formula-safe (domain/exports.ts). The rows are pulled one batch at a time as the reply drains, and
 * each batch is written as one piece of text: a stream step per row cost more than the row's CSV.
 */
export function csvFile<T>(
  locale: Locale,
  header: string[],
  batches: AsyncIterable<T[]> | Iterable<T[]>,
  record: (row: T) => string[],
): Readable {
  const options = {
    delimiter: csvDelimiter(locale),
    record_delimiter: 'windows',
    cast: { string: (value: string) => neutraliseCell(value) },
  } as const
  // Destroying the stream (the download cancelled, a query failed) ends the generator, so no further
  // batch is read.
  return Readable.from(
    (async function* () {
      yield csvHeader(locale, header)
      for await (const rows of batches) yield stringify(rows.map(record), options)
    })(),
    { objectMode: false },
  )
}

/** The file's first line: a BOM (so spreadsheets read UTF-8) and the header, as csvFile writes it. */
export function csvHeader(locale: Locale, header: string[]): string {
  return stringify([header], {
    delimiter: csvDelimiter(locale),
    record_delimiter: 'windows',
    cast: { string: (value: string) => neutraliseCell(value) },
    bom: true,
  })
}

/**
 * Reads `next(after)` batch after batch, each starting after the last row of the one before. The next
 * batch is asked for before this one is handed on, so the database reads it while this one is written.
 */
async function* keysetBatches<T>(next: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let pending: Promise<T[]> | null = next(null)
  try {
    while (pending) {
      const batch: T[] = await pending
      pending = batch.length === EXPORT_BATCH ? next(batch[batch.length - 1]!) : null
      if (batch.length) yield batch
    }
  } finally {
    // A download cancelled while the next batch was being read: its answer (or failure) is dropped.
    pending?.catch(() => {})
  }
}

/**
 * The rows of `whole` in batches: through a cursor on PostgreSQL (one query, its rows mapped onto
 * `keys` in the select's order), by keyset batches (`next`) on PGlite.
 */
export function readBatches<T>(
  db: Db,
  whole: { getSQL(): SQL },
  keys: string[],
  next: (after: T | null) => Promise<T[]>,
): AsyncIterable<T[]> {
  const pool = poolOf(db)
  if (!pool) return keysetBatches(next)
  return (async function* () {
    for await (const rows of cursorBatches(pool, whole.getSQL(), EXPORT_BATCH))
      yield rows.map((values) => {
        const row: Record<string, unknown> = {}
        for (let k = 0; k < keys.length; k++) row[keys[k]!] = values[k]
        return row as T
      })
  })()
}

/** An instant as epoch milliseconds, read as a number (float8) rather than parsed into a Date. */
const epochMs = (column: AnyPgColumn) =>
  sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`.mapWith(Number)

/** The key each sort column compares as, to start a batch after the last row's value. */
const SORT_CASTS: Record<ClientSortField, string> = {
  lastVisit: 'timestamptz',
  firstName: 'text',
  points: 'int4',
  totalCollectedPoints: 'int4',
  visitCount: 'int4',
  averageBasket: 'int8',
  createdAt: 'timestamptz',
}

/** GET api/v2/exports/clients: the client list as filtered and sorted on the screen, every page. */
export async function clientsExport(
  db: Db,
  tenant: Tenant,
  q: ClientListParams & { franchiseId?: string | undefined; storeId?: string | undefined },
  locale: Locale,
  now = new Date(),
): Promise<CsvExport> {
  const query = await clientListQuery(db, tenant, q)
  const franchiseId = query?.franchiseId
  const f = franchiseId ? await scopedFranchise(db, tenant, franchiseId) : null
  const filter = query ? await clientListFilter(db, tenant, query, now) : null
  const t = (id: string) => label(locale, id)
  const header = [
    t('pages.clients.form.firstName'),
    t('pages.clients.form.lastName'),
    t('pages.clients.form.email'),
    t('pages.clients.form.phone'),
    t('pages.clients.columns.clientType'),
    t('pages.clients.columns.acquiredFrom'),
    t('pages.clients.columns.points'),
    t('pages.clients.columns.totalCollected'),
    t('pages.clients.columns.visits'),
    t('pages.clients.columns.lastVisit'),
    `${t('pages.clients.columns.averageBasket')} (${f?.currencyCode ?? ''})`,
    t('exports.columns.createdAt'),
  ]
  const fileName = exportFileName(f?.name ?? '', 'clients', isoDay(now, f?.timezone ?? 'UTC'))
  if (!query || !filter || !f) return { fileName, stream: csvFile(locale, header, [], () => []) }

  const balanceKey = BALANCE_SORTS[query.sort]
  const key: AnyPgColumn = balanceKey ?? SORTS[query.sort]
  const idCol: AnyPgColumn = balanceKey ? clientBalances.clientId : clients.id
  const cast = sql.raw(SORT_CASTS[query.sort])
  const direction = query.order === 'asc' ? asc : desc
  const past = query.order === 'asc' ? sql.raw('>') : sql.raw('<')
  const where = and(filter.where, balanceKey ? eq(clientBalances.franchiseId, query.franchiseId) : undefined)!
  const joined = sql`from ${clients} inner join ${clientBalances} on ${eq(clientBalances.clientId, clients.id)}`
  // Every cell is written by the database (export-cells.ts): PostgreSQL's COPY then writes the file
  // without a row becoming a JavaScript value (issue 38 §2).
  const phones = await phoneFormats(db, sql`${clients.phone}`, sql`${joined} where ${where}`)
  const types = (type: string) => t(`pages.clients.types.${type}`)
  const sources = Object.fromEntries(
    Object.keys(CATALOGUES[locale])
      .filter((id) => id.startsWith(SOURCE_LABEL))
      .map((id) => [id.slice(SOURCE_LABEL.length), t(id)]),
  )
  const tz = f.timezone
  const average = sql`case when ${clients.salesCount} > 0
    then floor(${clients.totalSpentCents}::numeric / ${clients.salesCount} + 0.5) else 0 end`
  const cells = {
    firstName: safeText(sql`${clients.firstName}`),
    lastName: safeText(sql`${clients.lastName}`),
    email: safeText(sql`${clients.email}`),
    phone: phoneCell(sql`${clients.phone}`, phones),
    // The type as the list's filter computes it.
    type: sql`case when ${clientTypeCondition('LOST_CUSTOMER', filter.start)} then ${types('lost')}::text
      when ${clientTypeCondition('NEW_CUSTOMER', filter.start)} then ${types('new')}::text
      else ${types('regular')}::text end`,
    acquiredFrom: labelCell(sql`${clients.acquiredFrom}`, sources, SOURCE_LABEL),
    points: integerCell(sql`${clientBalances.points}`, locale),
    totalCollectedPoints: integerCell(sql`${clientBalances.totalCollectedPoints}`, locale),
    visitCount: integerCell(sql`${clients.visitCount}`, locale),
    lastVisit: dayCell(sql`${clients.lastVisitAt}`, tz, locale),
    averageBasket: centsCell(average, locale),
    createdAt: dayCell(sql`${clients.createdAt}`, tz, locale),
  }
  const fields = cells as Record<keyof typeof cells, SQL<string | null>>
  const ordered = [direction(key), direction(idCol)]
  const pool = poolOf(db)
  if (pool) {
    const all = db
      .select(fields)
      .from(clients)
      .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
    const body = copyCsv(
      pool,
      all
        .where(where)
        .orderBy(...ordered)
        .getSQL(),
      csvDelimiter(locale),
    )
    return { fileName, stream: concatStreams(csvHeader(locale, header), body) }
  }
  // PGlite: the same cells in keyset batches, written by csv-stringify.
  const keyed = { ...fields, key: sql<string>`${key}::text`, id: sql<string>`${idCol}::text` }
  const batches = keysetBatches((after: { key: string; id: string } | null) =>
    db
      .select(keyed)
      .from(clients)
      .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
      .where(
        and(
          where,
          after ? sql`(${key}, ${idCol}) ${past} (${after.key}::${cast}, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(...ordered)
      .limit(EXPORT_BATCH),
  )
  const names = Object.keys(cells) as (keyof typeof cells)[]
  return { fileName, stream: csvFile(locale, header, batches, (row) => names.map((n) => row[n] ?? '')) }
}

const SOURCE_LABEL = 'pages.clients.sources.'

/** The instant a franchise's calendar day starts, in SQL (its time zone). */
const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`

/**
 * GET api/v2/franchises/{fid}/exports/ledger: the points moves of a period (`from` and `to` are days of
 * the franchise, both included), the franchise's within the caller's stores, or one client's whole
 * history as its detail shows it.
 */
export async function ledgerExport(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  q: { from: string; to: string; clientId?: string | undefined },
  locale: Locale,
  now = new Date(),
): Promise<CsvExport> {
  if (q.from > q.to)
    throw badRequest('VALIDATION_FAILED', 'Invalid query: to comes before from', { field: 'to', in: 'query' })
  const f = await scopedFranchise(db, tenant, franchiseId)
  const client = q.clientId ? await visibleClient(db, tenant, franchiseId, q.clientId) : null
  const tz = f.timezone
  const t = (id: string) => label(locale, id)
  const header = [
    t('pages.clients.history.columns.date'),
    t('pages.clients.form.firstName'),
    t('pages.clients.form.lastName'),
    t('pages.clients.history.columns.type'),
    t('pages.clients.history.columns.points'),
    `${t('pages.clients.history.columns.amount')} (${f.currencyCode})`,
    t('pages.clients.history.columns.store'),
  ]
  const what = client ? 'ledger-client' : 'ledger'
  const fileName = exportFileName(f.name, `${what}-${q.from}-${q.to}`, isoDay(now, tz))
  const where: SQL = and(
    eq(pointsTransactions.franchiseId, f.id),
    // A client's history is all of it (as its detail shows); the franchise's, the caller's stores' rows.
    client ? eq(pointsTransactions.clientId, client.id) : inScope(tenant, pointsTransactions),
    gte(pointsTransactions.createdAt, dayStart(q.from, tz)),
    lt(pointsTransactions.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone ${tz}`),
  )!
  const fields = {
    id: pointsTransactions.id,
    // The keyset carries the database's own microseconds (a Date would round them off and repeat rows).
    at: sql<string>`${pointsTransactions.createdAt}::text`,
    createdAt: epochMs(pointsTransactions.createdAt),
    type: pointsTransactions.type,
    points: pointsTransactions.points,
    amountCents: pointsTransactions.amountCents,
    firstName: clients.firstName,
    lastName: clients.lastName,
    storeName: stores.name,
  }
  const rowsAfter = (after: { at: string; id: string } | null) =>
    db
      .select(fields)
      .from(pointsTransactions)
      .innerJoin(clients, eq(clients.id, pointsTransactions.clientId))
      .leftJoin(stores, eq(stores.id, pointsTransactions.storeId))
      .where(
        and(
          where,
          after
            ? sql`(${pointsTransactions.createdAt}, ${pointsTransactions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(pointsTransactions.createdAt), asc(pointsTransactions.id))
  type Row = Awaited<ReturnType<typeof rowsAfter>>[number]
  const batches = readBatches<Row>(db, rowsAfter(null), Object.keys(fields), (after) =>
    rowsAfter(after).limit(EXPORT_BATCH),
  )
  const record = (r: Row) => [
    formatDateTime(r.createdAt!, locale, tz),
    r.firstName,
    r.lastName,
    label(locale, `pages.clients.history.types.${r.type}`),
    formatInteger(r.points, locale),
    r.amountCents === null ? '' : formatCents(r.amountCents, locale),
    r.storeName ?? '',
  ]
  return { fileName, stream: csvFile(locale, header, batches, record) }
}

/** GET api/v2/communication-campaigns/{id}/exports/recipients: the frozen audience and each delivery. */
export async function recipientsExport(
  db: Db,
  tenant: Tenant,
  campaignId: string,
  locale: Locale,
  now = new Date(),
): Promise<CsvExport> {
  const c = await campaignRow(db, tenant, campaignId)
  const f = await scopedFranchise(db, tenant, c.franchiseId)
  const tz = f.timezone
  const t = (id: string) => label(locale, id)
  const header = [
    t('pages.clients.form.firstName'),
    t('pages.clients.form.lastName'),
    t('communication.detail.address'),
    t('communication.detail.recipientStatus'),
    t('communication.detail.sentAt'),
    t('exports.columns.openedAt'),
  ]
  const fileName = exportFileName(f.name, 'campaign-recipients', isoDay(now, tz))
  const fields = {
    clientId: campaignRecipients.clientId,
    firstName: clients.firstName,
    lastName: clients.lastName,
    address: campaignRecipients.address,
    status: campaignRecipients.status,
    sentAt: epochMs(campaignRecipients.sentAt),
    openedAt: epochMs(campaignRecipients.openedAt),
  }
  const rowsAfter = (after: { clientId: string } | null) =>
    db
      .select(fields)
      .from(campaignRecipients)
      .innerJoin(clients, eq(clients.id, campaignRecipients.clientId))
      .where(
        and(
          eq(campaignRecipients.campaignId, c.id),
          eq(campaignRecipients.franchiseId, c.franchiseId),
          after ? gt(campaignRecipients.clientId, after.clientId) : undefined,
        ),
      )
      .orderBy(asc(campaignRecipients.clientId))
  type Row = Awaited<ReturnType<typeof rowsAfter>>[number]
  const batches = readBatches<Row>(db, rowsAfter(null), Object.keys(fields), (after) =>
    rowsAfter(after).limit(EXPORT_BATCH),
  )
  const record = (r: Row) => [
    r.firstName,
    r.lastName,
    r.address.startsWith('+') ? formatPhone(r.address) : r.address,
    t(`communication.delivery.${r.status}`),
    r.sentAt ? formatDateTime(r.sentAt, locale, tz) : '',
    r.openedAt ? formatDateTime(r.openedAt, locale, tz) : '',
  ]
  return { fileName, stream: csvFile(locale, header, batches, record) }
}
