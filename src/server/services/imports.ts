// Client imports (issue 23): an upload is read and checked whole once, kept, and answered with its
// header and a suggested mapping; the preview runs the first records through the same rules and
// deduplication as the job (services/imports-run.ts) without writing; starting queues the job;
// cancelling stops it between two batches; the report lists the skipped records as CSV.
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { neutraliseCell } from '../../domain/exports'
import {
  CRM_PREFIX,
  IMPORT_FIELDS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_SKIPPED_SHOWN,
  type ImportEncoding,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportResponse,
  type ImportSkippedPage,
  type ImportStatus,
  mappingProblem,
  type SkipReason,
  suggestMapping,
} from '../../domain/imports'
import type { Db } from '../db/client'
import { clientImportRows, clientImports } from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import { decodeUpload, detectDelimiter, recordsOf, storeText, surveyText } from './imports-file'
import { importContext, planBatch } from './imports-run'
import { homeFranchiseId, inScope, reachesFranchise, type Tenant } from './scope'

/** Where the import job is queued (pg-boss in the server; absent without jobs: it waits for a start). */
export type ImportQueue = { enqueue(importId: string): Promise<void> }

type Row = typeof clientImports.$inferSelect

const scoped = (tenant: Tenant) => inScope(tenant, { franchiseId: clientImports.franchiseId })

/** The import, when it is in the caller's franchises (else a 404, like any foreign id). */
async function importOf(db: Db, tenant: Tenant, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(clientImports)
    .where(and(eq(clientImports.id, id), scoped(tenant)))
  if (!row) throw notFound('IMPORT_NOT_FOUND', 'Import not found')
  return row
}

async function toResponse(db: Db, tenant: Tenant, row: Row): Promise<ImportResponse> {
  const ctx = await importContext(db, tenant, row.franchiseId)
  return {
    id: row.id,
    franchiseId: row.franchiseId,
    fileName: row.fileName,
    status: row.status as ImportStatus,
    totalRows: row.totalRows,
    rowsRead: row.cursor,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    encoding: row.encoding as ImportEncoding,
    delimiter: row.delimiter as ImportResponse['delimiter'],
    headers: row.headers,
    mapping: row.mapping,
    suggestedMapping: suggestMapping(row.headers, ctx.crmFields),
    fields: [
      ...IMPORT_FIELDS.map((key) => ({ key, label: null, crm: false as const })),
      ...ctx.crmFields.map((f) => ({ key: `${CRM_PREFIX}${f.localId}`, label: f.label, crm: true as const })),
    ],
  }
}

export type Upload = { fileName: string; bytes: Buffer; encoding?: ImportEncoding | undefined }

/** Reads, checks and keeps an uploaded file for the caller's franchise (`franchiseId`, or its own). */
export async function uploadImport(
  db: Db,
  tenant: Tenant,
  franchiseId: string | undefined,
  upload: Upload,
): Promise<ImportResponse> {
  const fid = franchiseId ?? homeFranchiseId(tenant)
  if (!fid || !reachesFranchise(tenant, fid) || tenant.demoFranchiseIds?.includes(fid))
    throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  const { text, encoding } = decodeUpload(upload.bytes, upload.encoding)
  const delimiter = detectDelimiter(text)
  const { headers, rows } = await surveyText(text, delimiter)
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clientImports)
      .values({
        franchiseId: fid,
        authorId: tenant.userId,
        impostorOf: tenant.actingAs,
        fileName: upload.fileName.slice(0, 200),
        encoding,
        delimiter,
        headers,
        totalRows: rows,
      })
      .returning()
    await storeText(tx, created!, text)
    return created!
  })
  return toResponse(db, tenant, row)
}

export async function getImport(db: Db, tenant: Tenant, id: string): Promise<ImportResponse> {
  return toResponse(db, tenant, await importOf(db, tenant, id))
}

/** A 400 naming the mapping's first wrong field. */
async function checkMapping(db: Db, tenant: Tenant, row: Row, mapping: ImportMapping) {
  const ctx = await importContext(db, tenant, row.franchiseId)
  const problem = mappingProblem(mapping, row.headers.length, ctx.crmFields)
  if (problem)
    throw badRequest('MAPPING_INVALID', `Invalid body: mapping.${problem.field}: ${problem.rule}`, {
      field: `mapping.${problem.field}`,
      rule: problem.rule,
      in: 'body',
    })
  return ctx
}

/** The first records as the job would treat them (nothing written). */
export async function previewImport(
  db: Db,
  tenant: Tenant,
  id: string,
  mapping: ImportMapping,
): Promise<ImportPreviewResponse> {
  const row = await importOf(db, tenant, id)
  const ctx = await checkMapping(db, tenant, row, mapping)
  const batch: { row: number; cells: string[] }[] = []
  let n = -1
  for await (const cells of recordsOf(db, row, row.delimiter)) {
    if (++n === 0) continue
    batch.push({ row: n, cells })
    if (batch.length >= IMPORT_PREVIEW_ROWS) break
  }
  const plan = await planBatch(db, row, mapping, ctx, batch)
  const cellsOf = new Map(batch.map((b) => [b.row, b.cells]))
  return {
    totalRows: row.totalRows,
    rows: plan.outcomes.map((o) => ({
      row: o.row,
      cells: cellsOf.get(o.row) ?? [],
      outcome: o.outcome === 'CREATED' ? 'CREATE' : o.outcome === 'UPDATED' ? 'UPDATE' : 'SKIP',
      reason: o.reason ?? null,
      field: o.field ?? null,
    })),
  }
}

/** Saves the mapping and queues the job (once: a started import is a 409). */
export async function startImport(
  db: Db,
  tenant: Tenant,
  id: string,
  mapping: ImportMapping,
  queue: ImportQueue | undefined,
): Promise<ImportResponse> {
  const row = await importOf(db, tenant, id)
  await checkMapping(db, tenant, row, mapping)
  const [started] = await db
    .update(clientImports)
    .set({ mapping, status: 'QUEUED', updatedAt: new Date() })
    .where(and(eq(clientImports.id, id), eq(clientImports.status, 'UPLOADED'), scoped(tenant)))
    .returning()
  if (!started) throw conflict('IMPORT_ALREADY_STARTED', 'This import has already been started')
  await queue?.enqueue(id)
  return toResponse(db, tenant, started)
}

/** Stops the import before its next batch (what was written stays: each record is whole). */
export async function cancelImport(db: Db, tenant: Tenant, id: string): Promise<ImportResponse> {
  await importOf(db, tenant, id)
  const now = new Date()
  await db
    .update(clientImports)
    .set({ status: 'CANCELLED', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(clientImports.id, id),
        inArray(clientImports.status, ['UPLOADED', 'QUEUED', 'RUNNING']),
        scoped(tenant),
      ),
    )
  return getImport(db, tenant, id)
}

/** The franchise's recent imports (newest first). */
export async function listImports(db: Db, tenant: Tenant): Promise<ImportResponse[]> {
  const rows = await db
    .select()
    .from(clientImports)
    .where(scoped(tenant))
    .orderBy(desc(clientImports.createdAt))
    .limit(20)
  return Promise.all(rows.map((r) => toResponse(db, tenant, r)))
}

/** Imports a stop left queued or running: the job is queued again at start. */
export async function liveImports(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: clientImports.id })
    .from(clientImports)
    .where(inArray(clientImports.status, ['QUEUED', 'RUNNING']))
  return rows.map((r) => r.id)
}

/** The first skipped records and how many there are. */
export async function skippedRows(db: Db, tenant: Tenant, id: string): Promise<ImportSkippedPage> {
  const row = await importOf(db, tenant, id)
  const rows = await db
    .select({
      row: clientImportRows.row,
      reason: clientImportRows.reason,
      field: clientImportRows.field,
      cells: clientImportRows.cells,
    })
    .from(clientImportRows)
    .where(
      and(
        eq(clientImportRows.franchiseId, row.franchiseId),
        eq(clientImportRows.importId, id),
        eq(clientImportRows.outcome, 'SKIPPED'),
      ),
    )
    .orderBy(asc(clientImportRows.row))
    .limit(IMPORT_SKIPPED_SHOWN)
  return {
    total: row.skipped,
    rows: rows.map((r) => ({
      row: r.row,
      reason: (r.reason ?? 'ERROR') as SkipReason,
      field: r.field,
      cells: r.cells ?? [],
    })),
  }
}

const REPORT_PAGE = 1000

/**
 * The skipped records as CSV (row, reason, field, then the record's own cells under the file's
 * header), streamed a page at a time; cells a spreadsheet would run as formulas are made inert.
 */
export async function importReport(
  db: Db,
  tenant: Tenant,
  id: string,
): Promise<{ fileName: string; stream: Readable }> {
  const row = await importOf(db, tenant, id)
  async function* records() {
    yield ['row', 'reason', 'field', ...row.headers]
    let after = 0
    for (;;) {
      const page = await db
        .select({
          row: clientImportRows.row,
          reason: clientImportRows.reason,
          field: clientImportRows.field,
          cells: clientImportRows.cells,
        })
        .from(clientImportRows)
        .where(
          and(
            eq(clientImportRows.franchiseId, row.franchiseId),
            eq(clientImportRows.importId, id),
            eq(clientImportRows.outcome, 'SKIPPED'),
            sql`${clientImportRows.row} > ${after}`,
          ),
        )
        .orderBy(asc(clientImportRows.row))
        .limit(REPORT_PAGE)
      for (const r of page) yield [String(r.row), r.reason ?? '', r.field ?? '', ...(r.cells ?? [])]
      if (page.length < REPORT_PAGE) return
      after = page.at(-1)!.row
    }
  }
  const stream = Readable.from(records()).pipe(
    stringify({ cast: { string: (v: string) => neutraliseCell(v) }, bom: true }),
  )
  const base = row.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import'
  return { fileName: `${base}-skipped.csv`, stream }
}
