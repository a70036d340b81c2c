// Running an import (the pg-boss job's work): the stored file is streamed again, records after the
// import's cursor are taken a batch at a time, and each batch is one transaction that writes its new
// clients with their opening balances (one statement of the ledger's, `ledger_open_clients`), its
// updates, its CRM values, one outcome row per record and the
// cursor. A crash undoes the batch in flight and the next run starts after the last committed one:
// every record takes effect exactly once. Two runs at once are safe: a batch locks the import row and
// checks the cursor is where it began.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import { activeFields } from '../../domain/crm'
import {
  checkRow,
  dateOrderOf,
  type ImportContext,
  type ImportMapping,
  type ImportRecord,
  type SkipReason,
} from '../../domain/imports'
import type { Db, Tx } from '../db/client'
import { clientCrmValues, clientImportRows, clientImports, clients, franchises } from '../db/schema'
import { isDatabaseUnavailable } from '../db/unavailable'
import { emailIn, textArray } from './client-lookups'
import { crmFormOf } from './crm-values'
import { recordsOf } from './imports-file'
import { type NewClientRow, openClients } from './ledger'
import { FRANCHISE_COLS, type Scope, SYSTEM_SCOPE, scopedId } from './scope'

export const IMPORT_BATCH = 1000

type Import = typeof clientImports.$inferSelect
type Source = { row: number; cells: string[] }
type Outcome = {
  row: number
  outcome: 'CREATED' | 'UPDATED' | 'SKIPPED'
  clientId?: string
  reason?: SkipReason
  field?: string | null
  cells?: string[]
}

/** What the rules of a record need of its franchise, read within `scope` (the caller's, or the job's). */
export async function importContext(db: Db | Tx, scope: Scope, franchiseId: string): Promise<ImportContext> {
  const [f] = await db
    .select({
      country: franchises.codeAlpha3,
      max: franchises.maxPoints,
      capped: franchises.hasMaxPointsEnabled,
    })
    .from(franchises)
    .where(scopedId(scope, FRANCHISE_COLS, franchiseId))
  const form = await crmFormOf(db, franchiseId)
  return {
    country: phoneCountry(f!.country),
    dateOrder: dateOrderOf(f!.country),
    maxPoints: f!.capped && f!.max ? f!.max : null,
    crmFields: activeFields(form.fields).filter((field) => !field.isStatic),
  }
}

const lower = (s: string | undefined) => s?.toLowerCase()

/** The clients of the franchise that records name by phone or e-mail. */
async function existingClients(tx: Db | Tx, franchiseId: string, records: ImportRecord[]) {
  const phones = [...new Set(records.flatMap((r) => (r.phone ? [r.phone] : [])))]
  const emails = [...new Set(records.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])))]
  const byPhone = new Map<string, string>()
  const byEmail = new Map<string, string>()
  if (!phones.length && !emails.length) return { byPhone, byEmail }
  // Two lookups, each through its index: as one OR, row-level security read the whole franchise (the
  // e-mail's condition is not leakproof), a second per batch at 73,000 clients.
  const select = { id: clients.id, phone: clients.phone, email: sql<string | null>`lower(${clients.email})` }
  const rows = [
    ...(phones.length
      ? await tx
          .select(select)
          .from(clients)
          .where(and(eq(clients.franchiseId, franchiseId), sql`${clients.phone} = any(${textArray(phones)})`))
      : []),
    ...(emails.length
      ? await tx
          .select(select)
          .from(clients)
          .where(and(eq(clients.franchiseId, franchiseId), emailIn(franchiseId, emails)))
      : []),
  ]
  for (const r of rows) {
    if (r.phone) byPhone.set(r.phone, r.id)
    if (r.email) byEmail.set(r.email, r.id)
  }
  return { byPhone, byEmail }
}

export type Plan = {
  outcomes: Outcome[]
  inserts: (ImportRecord & { id: string; row: number })[]
  updates: { id: string; record: ImportRecord; row: number }[]
}

/**
 * What each record of a batch would do, without writing: its rules, then deduplication by phone (E.164)
 * then e-mail against the franchise's clients, and against this import's earlier records.
 */
export async function planBatch(
  tx: Db | Tx,
  imp: Pick<Import, 'id' | 'franchiseId'>,
  mapping: ImportMapping,
  ctx: ImportContext,
  batch: Source[],
): Promise<Plan> {
  const outcomes: Outcome[] = []
  const valid: (Source & { record: ImportRecord })[] = []
  const seenPhone = new Set<string>()
  const seenEmail = new Set<string>()
  for (const source of batch) {
    const check = checkRow(source.cells, mapping, ctx)
    if (!check.ok) {
      outcomes.push({
        row: source.row,
        outcome: 'SKIPPED',
        reason: check.reason,
        field: check.field,
        cells: source.cells,
      })
      continue
    }
    const { phone } = check.record
    const email = lower(check.record.email)
    if ((phone && seenPhone.has(phone)) || (email && seenEmail.has(email))) {
      const field = phone && seenPhone.has(phone) ? 'phone' : 'email'
      outcomes.push({
        row: source.row,
        outcome: 'SKIPPED',
        reason: 'DUPLICATE_IN_FILE',
        field,
        cells: source.cells,
      })
      continue
    }
    if (phone) seenPhone.add(phone)
    if (email) seenEmail.add(email)
    valid.push({ ...source, record: check.record })
  }

  const { byPhone, byEmail } = await existingClients(
    tx,
    imp.franchiseId,
    valid.map((v) => v.record),
  )
  const matched = [...new Set([...byPhone.values(), ...byEmail.values()])]
  // Clients this import already created or updated: a later record naming them repeats an earlier one.
  const touched = new Set(
    matched.length
      ? (
          await tx
            .select({ id: clientImportRows.clientId })
            .from(clientImportRows)
            .where(and(eq(clientImportRows.importId, imp.id), inArray(clientImportRows.clientId, matched)))
        ).map((r) => r.id)
      : [],
  )
  const inserts: Plan['inserts'] = []
  const updates: Plan['updates'] = []
  for (const v of valid) {
    const r = v.record
    const id = (r.phone && byPhone.get(r.phone)) || (r.email && byEmail.get(r.email.toLowerCase())) || null
    if (id && touched.has(id)) {
      outcomes.push({
        row: v.row,
        outcome: 'SKIPPED',
        reason: 'DUPLICATE_IN_FILE',
        field: r.phone && byPhone.get(r.phone) ? 'phone' : 'email',
        cells: v.cells,
      })
    } else if (id) {
      // Matched by phone, its e-mail may be another client's (and the reverse): that one is left alone.
      const emailOwner = r.email ? byEmail.get(r.email.toLowerCase()) : undefined
      const phoneOwner = r.phone ? byPhone.get(r.phone) : undefined
      const record = { ...r }
      if (emailOwner && emailOwner !== id) delete record.email
      if (phoneOwner && phoneOwner !== id) delete record.phone
      updates.push({ id, record, row: v.row })
      outcomes.push({ row: v.row, outcome: 'UPDATED', clientId: id })
    } else if (r.points && ctx.maxPoints !== null && r.points > ctx.maxPoints) {
      // The ledger would cut the balance to the cap: the merchant is told instead.
      outcomes.push({
        row: v.row,
        outcome: 'SKIPPED',
        reason: 'POINTS_OVER_MAX',
        field: 'points',
        cells: v.cells,
      })
    } else {
      const newId = randomUUID()
      inserts.push({ ...r, id: newId, row: v.row })
      outcomes.push({ row: v.row, outcome: 'CREATED', clientId: newId })
    }
  }
  outcomes.sort((a, b) => a.row - b.row)
  return { outcomes, inserts, updates }
}

const profileOf = (r: ImportRecord) => {
  const patch: Partial<typeof clients.$inferInsert> = {}
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'gender', 'birthDate', 'postcode'] as const)
    if (r[key] !== undefined) patch[key] = r[key]
  return patch
}

const newClientOf =
  (importId: string) =>
  (r: Plan['inserts'][number]): NewClientRow => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    gender: r.gender,
    birth_date: r.birthDate,
    postcode: r.postcode,
    points: r.points || null,
    reference: `import:${importId}:${r.row}`,
    row: r.row,
  })

const outcomeRowOf = (o: Outcome) => ({
  row: o.row,
  outcome: o.outcome,
  client_id: o.clientId ?? null,
  reason: o.reason ?? null,
  field: o.field ?? null,
  cells: o.cells ?? null,
})

/** Writes a planned batch (inside the batch's transaction). */
async function writeBatch(tx: Tx, imp: Import, plan: Plan, now: Date) {
  // New clients and outcome rows as one JSON parameter each: building statements of 9,000 parameters
  // took drizzle about 8 s of the import bench's 49 (its CPU profile); the process's CPU went from
  // 15.7 s to about 5 s. The new clients and their opening balances (one `migration` row each, named
  // after the import's record) are one statement of the ledger's (sql/ledger_open_clients.sql).
  if (plan.inserts.length)
    await openClients(tx, {
      franchiseId: imp.franchiseId,
      clients: plan.inserts.map(newClientOf(imp.id)),
      authorId: imp.authorId,
      impostorOf: imp.impostorOf,
      now,
    })
  for (const u of plan.updates) {
    const patch = profileOf(u.record)
    await tx
      .update(clients)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(clients.id, u.id), eq(clients.franchiseId, imp.franchiseId)))
  }
  const crm = [
    ...plan.inserts.map((r) => ({ id: r.id, crm: r.crm })),
    ...plan.updates.map((u) => ({ id: u.id, crm: u.record.crm })),
  ].flatMap(({ id, crm: values }) =>
    Object.entries(values).map(([localId, value]) => ({
      clientId: id,
      franchiseId: imp.franchiseId,
      localId,
      value,
    })),
  )
  if (crm.length)
    await tx
      .insert(clientCrmValues)
      .values(crm)
      .onConflictDoUpdate({
        target: [clientCrmValues.clientId, clientCrmValues.localId, clientCrmValues.franchiseId],
        set: { value: sql`excluded.value`, updatedAt: now },
      })
  await tx.execute(sql`
    insert into client_import_rows (import_id, franchise_id, row, outcome, client_id, reason, field, cells)
    select ${imp.id}::uuid, ${imp.franchiseId}::uuid, r.row, r.outcome, r.client_id, r.reason, r.field, r.cells
    from json_to_recordset(${JSON.stringify(plan.outcomes.map(outcomeRowOf))}::json) as r(row int, outcome text,
      client_id uuid, reason text, field text, cells jsonb)`)
}

const count = (plan: Plan, outcome: Outcome['outcome']) =>
  plan.outcomes.filter((o) => o.outcome === outcome).length

/**
 * One batch as one transaction. False when the import is no longer this run's to advance: cancelled,
 * or another run moved its cursor.
 */
async function commitBatch(db: Db, importId: string, batch: Source[], ctx: ImportContext, now: Date) {
  return db.transaction(async (tx) => {
    // A batch's commit need not wait for the disk: a batch lost by a crash loses its cursor with it,
    // and the resumed run writes it again (exactly once still holds); 200 waits were seconds of a run.
    await tx.execute(sql`set local synchronous_commit = off`)
    const [imp] = await tx.select().from(clientImports).where(eq(clientImports.id, importId)).for('update')
    if (imp?.status !== 'RUNNING' || imp.cursor !== batch[0]!.row - 1) return false
    let plan = await planBatch(tx, imp, imp.mapping!, ctx, batch)
    try {
      await tx.transaction((sp) => writeBatch(sp, imp, plan, now))
    } catch {
      // A record the database refuses (a client written meanwhile by a store, a ledger refusal) must
      // not stop the others: the batch is written again a record at a time, the refused one skipped.
      const outcomes: Outcome[] = []
      const inserts: Plan['inserts'] = []
      const updates: Plan['updates'] = []
      for (const source of batch) {
        const one = await planBatch(tx, imp, imp.mapping!, ctx, [source])
        try {
          await tx.transaction((sp) => writeBatch(sp, imp, one, now))
          outcomes.push(...one.outcomes)
        } catch {
          const failed: Plan = {
            outcomes: [
              { row: source.row, outcome: 'SKIPPED', reason: 'ERROR', field: null, cells: source.cells },
            ],
            inserts: [],
            updates: [],
          }
          await writeBatch(tx, imp, failed, now)
          outcomes.push(...failed.outcomes)
        }
      }
      plan = { outcomes, inserts, updates }
    }
    await tx
      .update(clientImports)
      .set({
        cursor: batch.at(-1)!.row,
        created: sql`${clientImports.created} + ${count(plan, 'CREATED')}`,
        updated: sql`${clientImports.updated} + ${count(plan, 'UPDATED')}`,
        skipped: sql`${clientImports.skipped} + ${count(plan, 'SKIPPED')}`,
        updatedAt: now,
      })
      .where(eq(clientImports.id, importId))
    return true
  })
}

export type RunOptions = { batchSize?: number; now?: () => Date }

/** Runs (or resumes) an import to its end; answers its status after. */
export async function runImport(db: Db, importId: string, options: RunOptions = {}): Promise<string> {
  const size = options.batchSize ?? IMPORT_BATCH
  const now = options.now ?? (() => new Date())
  const [started] = await db
    .update(clientImports)
    .set({ status: 'RUNNING', updatedAt: now() })
    .where(and(eq(clientImports.id, importId), inArray(clientImports.status, ['QUEUED', 'RUNNING'])))
    .returning()
  if (!started) {
    const [imp] = await db
      .select({ status: clientImports.status })
      .from(clientImports)
      .where(eq(clientImports.id, importId))
    return imp?.status ?? 'MISSING'
  }
  try {
    const ctx = await importContext(db, SYSTEM_SCOPE, started.franchiseId)
    let row = -1
    let batch: Source[] = []
    for await (const cells of recordsOf(db, started, started.delimiter)) {
      row++
      if (row === 0 || row <= started.cursor) continue
      batch.push({ row, cells })
      if (batch.length < size) continue
      if (!(await commitBatch(db, importId, batch, ctx, now()))) return await statusOf(db, importId)
      batch = []
    }
    if (batch.length && !(await commitBatch(db, importId, batch, ctx, now())))
      return await statusOf(db, importId)
    await db
      .update(clientImports)
      .set({ status: 'DONE', finishedAt: now(), updatedAt: now() })
      .where(and(eq(clientImports.id, importId), eq(clientImports.status, 'RUNNING')))
  } catch (err) {
    // The database going away (a restart, a failover) fails this run, not the import: it stays RUNNING
    // and the job's retry resumes it from its cursor.
    if (isDatabaseUnavailable(err)) throw err
    // Only the code is kept: a database message may quote a record's personal data.
    const code = (err as { code?: string }).code ?? 'IMPORT_FAILED'
    await db
      .update(clientImports)
      .set({ status: 'FAILED', error: code, finishedAt: now(), updatedAt: now() })
      .where(and(eq(clientImports.id, importId), eq(clientImports.status, 'RUNNING')))
    throw err
  }
  return statusOf(db, importId)
}

async function statusOf(db: Db, importId: string): Promise<string> {
  const [imp] = await db
    .select({ status: clientImports.status })
    .from(clientImports)
    .where(eq(clientImports.id, importId))
  return imp?.status ?? 'MISSING'
}
