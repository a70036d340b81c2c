// The CRM clients (issue 21, /pages/user/crm): the franchise's clients with their values of the form's
// fields as columns, paged and filtered (a search on the name, e-mail or phone — the client list's own
// search — and optionally only those who have a value for one field), and the same filter exported as
// CSV, streamed from the database in pages so that a large franchise never sits in memory.
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import type { CrmField } from '../../domain/crm'
import { neutraliseCell } from '../../domain/exports'
import type { Db } from '../db/client'
import { clientCrmValues, clients } from '../db/schema'
import { countMatching } from './client-counts'
import { searchCondition } from './client-lookups'
import { crmFormOf } from './crm-values'
import { clientInScope, scopedFranchise, type Tenant } from './scope'

export type CrmClientFilter = { search: string; field: string; includeArchived: boolean }
export type CrmClientQuery = CrmClientFilter & { page: number; size: number }

const row = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  phone: clients.phone,
  birthDate: clients.birthDate,
  createdAt: clients.createdAt,
}
type Row = { id: string; createdAt: Date } & Record<keyof typeof row, unknown>

/** The filter's conditions and the columns (the form's fields, archived ones when asked). */
async function prepare(db: Db, tenant: Tenant, franchiseId: string, filter: CrmClientFilter) {
  const franchise = await scopedFranchise(db, tenant, franchiseId)
  const form = await crmFormOf(db, franchiseId)
  const fields = form.fields.filter((f) => filter.includeArchived || f.status === 'ACTIVE')
  // An erased client (GDPR) is no longer a client, like in the client list.
  const conditions: SQL[] = [
    eq(clients.franchiseId, franchiseId),
    clientInScope(tenant),
    isNull(clients.erasedAt),
  ]
  const search = filter.search.trim()
  if (search) conditions.push(searchCondition(search, phoneCountry(franchise.codeAlpha3), franchiseId).where)
  if (filter.field)
    conditions.push(
      sql`exists (select 1 from ${clientCrmValues} where ${clientCrmValues.clientId} = ${clients.id} and ${clientCrmValues.franchiseId} = ${franchiseId} and ${clientCrmValues.localId} = ${filter.field})`,
    )
  return { fields, where: and(...conditions)! }
}

/** The rows with their values: the static fields' from the client, the merchant's from the values. */
async function withValues(db: Db, franchiseId: string, rows: Row[], fields: readonly CrmField[]) {
  const ids = rows.map((r) => r.id)
  const wanted = fields.filter((f) => !f.isStatic).map((f) => f.localId)
  const stored =
    ids.length && wanted.length
      ? await db
          .select({
            clientId: clientCrmValues.clientId,
            localId: clientCrmValues.localId,
            value: clientCrmValues.value,
          })
          .from(clientCrmValues)
          .where(
            and(
              eq(clientCrmValues.franchiseId, franchiseId),
              inArray(clientCrmValues.clientId, ids),
              inArray(clientCrmValues.localId, wanted),
            ),
          )
      : []
  const byClient = new Map<string, Record<string, string>>()
  for (const v of stored) byClient.set(v.clientId, { ...byClient.get(v.clientId), [v.localId]: v.value })
  return rows.map((r) => {
    const values: Record<string, string> = { ...byClient.get(r.id) }
    if (r.firstName) values.firstName = String(r.firstName)
    if (r.birthDate) values.dateOfBirth = String(r.birthDate)
    return {
      id: r.id,
      firstName: String(r.firstName ?? ''),
      lastName: String(r.lastName ?? ''),
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      birthDate: (r.birthDate as string | null) ?? null,
      createdAt: r.createdAt.toISOString(),
      values,
    }
  })
}

/** GET /api/v2/franchises/{id}/crm-clients: newest clients first, a page of them. */
export async function listCrmClients(db: Db, tenant: Tenant, franchiseId: string, q: CrmClientQuery) {
  const { fields, where } = await prepare(db, tenant, franchiseId, q)
  const rows = (await db
    .select(row)
    .from(clients)
    .where(where)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size)) as Row[]
  const total = await countMatching(db, where)
  return {
    data: await withValues(db, franchiseId, rows, fields),
    metadata: { page: q.page, size: q.size, total },
    fields,
  }
}

const EXPORT_BATCH = 500

/** The export's CSV: a header of the columns' labels, then one line per client, streamed. */
export async function exportCrmClients(db: Db, tenant: Tenant, franchiseId: string, filter: CrmClientFilter) {
  const { fields, where } = await prepare(db, tenant, franchiseId, filter)
  const merchant = fields.filter((f) => !f.isStatic)
  const header = ['lastName', 'firstName', 'dateOfBirth', 'email', 'phone', 'createdAt']
  const labels = [...header, ...merchant.map((f) => f.label)]
  // Keyset pages (created_at, id) on the franchise's index: a stable walk while clients are added.
  async function* lines() {
    yield labels
    // The cursor keeps the database's own microseconds (a Date would round them off).
    let after: { at: string; id: string } | null = null
    for (;;) {
      const page = (await db
        .select({ ...row, at: sql<string>`${clients.createdAt}::text` })
        .from(clients)
        .where(
          after
            ? and(
                where,
                sql`(${clients.createdAt}, ${clients.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
              )
            : where,
        )
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(EXPORT_BATCH)) as (Row & { at: string })[]
      for (const c of await withValues(db, franchiseId, page, fields))
        yield [
          c.lastName,
          c.firstName,
          c.birthDate ?? '',
          c.email ?? '',
          c.phone ?? '',
          c.createdAt,
          ...merchant.map((f) => c.values[f.localId] ?? ''),
        ]
      if (page.length < EXPORT_BATCH) return
      const last = page.at(-1)!
      after = { at: last.at, id: last.id }
    }
  }
  // Every cell, the header's labels too (a merchant names the fields), is made formula-safe: a
  // spreadsheet must not run what a customer typed or a label says (domain/exports.ts).
  return Readable.from(lines()).pipe(stringify({ bom: true, cast: { string: (v) => neutraliseCell(v) } }))
}
