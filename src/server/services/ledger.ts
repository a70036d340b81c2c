// The points ledger: every change of a balance is one appended row plus the client's aggregates,
// written by the database function `ledger_move` (src/server/db/sql/ledger_move.sql) in one statement:
// it locks the client's balance row first, so concurrent spends serialise and a balance never goes below
// zero, and it checks and stores the Idempotency-Key in the same statement. One round trip per move.
import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db, Tx } from '../db/client'
import { clientBalances, clients, pointsTransactions } from '../db/schema'
import { AppError } from '../errors'
import type { Scope } from './scope'

export const TRANSACTION_TYPES = [
  'tag',
  'redeem',
  'credit',
  'debit',
  'sync',
  'migration',
  'emarketing',
  'game',
  'expiry',
] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

export type LedgerEntry = {
  /** Null only for an offer's redemption (`redeems`): the offer's franchise, one of `visibleTo`'s. */
  franchiseId: string | null
  clientId: string
  storeId: string | null
  type: TransactionType
  /** Signed: positive earns, negative spends. Null only for an offer's redemption (its price). */
  points: number | null
  amountCents?: number | null
  currencyCode?: string | null
  reference?: string | null
  /** A sale or a tag scan counts as a visit (default: tag and sync). */
  isVisit?: boolean
  authorId: string | null
  impostorOf: string | null
  /** The caller's scope: a client it may not see is a 404 (checked on the locked row). */
  visibleTo?: Scope
  /** An offer being redeemed: its redemption count goes up with the move. */
  offerId?: string
  /**
   * The offer is read by the move itself (404 OFFER_NOT_FOUND outside the caller's franchises, 409
   * OFFER_NOT_ACTIVE / OFFER_EXPIRED), after the Idempotency-Key: one round trip, and a repeat gets its
   * first answer even if the offer changed since. `franchiseId` and `points` are then null.
   */
  redeems?: boolean
  /** Check, in the same statement, that the store is the franchise's (and the caller's). */
  checkStore?: boolean
  now?: Date
}

/** What a move answers of its ledger row (and what a repeat gets back). */
const TRANSACTION_FIELDS = [
  'id',
  'clientId',
  'storeId',
  'type',
  'points',
  'amountCents',
  'currencyCode',
  'reference',
  'createdAt',
] as const
/** What a move answers of the client after it: from its row… */
const CLIENT_FIELDS = ['id', 'firstName', 'visitCount', 'lastVisitAt'] as const
/** …and from its balance (one JSON object: both under `client`). */
const BALANCE_FIELDS = ['points', 'totalCollectedPoints', 'redeemedOffersCount'] as const
export type LedgerTransaction = Pick<
  typeof pointsTransactions.$inferSelect,
  (typeof TRANSACTION_FIELDS)[number]
>
export type LedgerClient = Pick<typeof clients.$inferSelect, (typeof CLIENT_FIELDS)[number]> &
  Pick<typeof clientBalances.$inferSelect, (typeof BALANCE_FIELDS)[number]>
export type LedgerResult = { transaction: LedgerTransaction; client: LedgerClient }

export type IdempotencyKey = { key: string | undefined; userId: string; hash: string }

/**
 * Fields of a row as `ledger_move` answers them (snake_case, timestamps as text) → the Drizzle names.
 * Answers stored before migration 0017 hold the whole row: the same fields are read from them. The
 * column lookups are done once, here, not at every move.
 */
function fromJson<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  table: T,
  fields: readonly K[],
): (json: Record<string, unknown>) => Pick<T['$inferSelect'], K> {
  const columns = getTableColumns(table) as Record<string, { name: string; dataType: string }>
  const map = fields.map((prop) => [prop, columns[prop]!.name, columns[prop]!.dataType === 'date'] as const)
  return (json) => {
    const row: Record<string, unknown> = {}
    for (const [prop, name, isDate] of map) {
      const value = json[name] ?? null
      row[prop] = value !== null && isDate ? new Date(value as string) : value
    }
    return row as Pick<T['$inferSelect'], K>
  }
}

const transactionFromJson = fromJson(pointsTransactions, TRANSACTION_FIELDS)
const clientFromJson = fromJson(clients, CLIENT_FIELDS)
const balanceFromJson = fromJson(clientBalances, BALANCE_FIELDS)

const toResult = (json: { transaction: Record<string, unknown>; client: Record<string, unknown> }) => ({
  transaction: transactionFromJson(json.transaction),
  client: { ...clientFromJson(json.client), ...balanceFromJson(json.client) },
})

/** The database's refusals ('LB' + HTTP status, JSON detail) as the app's errors. */
function asAppError(err: unknown): unknown {
  const e = (err as { cause?: unknown }).cause ?? err
  const { code, message, detail } = e as { code?: string; message?: string; detail?: string }
  if (!code?.startsWith('LB') || !detail) return err
  const parsed = JSON.parse(detail) as { code: string; details?: Record<string, unknown> }
  return new AppError(Number(code.slice(2)), parsed.code, message ?? parsed.code, parsed.details)
}

function checkPoints(entry: LedgerEntry) {
  if (entry.redeems && entry.offerId && entry.points === null) return
  const isSale = (entry.amountCents ?? 0) > 0
  // A small sale may earn nothing and is still recorded (a visit and an amount); other moves may not be empty.
  if (!Number.isInteger(entry.points) || (entry.points === 0 && !isSale))
    throw new AppError(400, 'POINTS_INVALID', 'Points must be a non-zero whole number', { field: 'points' })
}

/**
 * On PostgreSQL outside a caller's transaction, a named statement: parsed and planned once per
 * connection instead of at every move. Inside a transaction (or on PGlite), through Drizzle.
 */
async function execMove(db: Db | Tx, json: string): Promise<{ r: unknown }> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    const res = await client.query<{ r: unknown }>({
      name: 'ledger_move',
      text: 'select ledger_move($1::jsonb) as r',
      values: [json],
    })
    return res.rows[0]!
  }
  const res = await db.execute(sql`select ledger_move(${json}::jsonb) as r`)
  return (res as unknown as { rows: { r: unknown }[] }).rows[0]!
}

function movePayload(entry: LedgerEntry, key?: IdempotencyKey) {
  checkPoints(entry)
  return {
    key: key?.key ?? null,
    user_id: key?.userId ?? null,
    hash: key?.hash ?? null,
    franchise_id: entry.franchiseId,
    client_id: entry.clientId,
    store_id: entry.storeId,
    type: entry.type,
    points: entry.points,
    amount_cents: entry.amountCents ?? null,
    currency_code: entry.currencyCode ?? null,
    reference: entry.reference ?? null,
    is_visit: entry.isVisit ?? null,
    author_id: entry.authorId,
    impostor_of: entry.impostorOf,
    scope_store_ids: entry.visibleTo?.storeIds ?? null,
    scope_franchise_ids: entry.visibleTo?.franchiseIds ?? null,
    offer_id: entry.offerId ?? null,
    check_store: entry.checkStore ?? false,
    now: (entry.now ?? new Date()).toISOString(),
  }
}

async function callMove(db: Db | Tx, entry: LedgerEntry, key?: IdempotencyKey) {
  const p = movePayload(entry, key)
  if (entry.franchiseId === null && !entry.redeems) throw new Error('A move names its franchise')
  if (
    entry.visibleTo &&
    entry.franchiseId !== null &&
    !entry.visibleTo.franchiseIds.includes(entry.franchiseId)
  )
    throw new AppError(404, 'CLIENT_NOT_FOUND', 'Client not found')
  try {
    const row = await execMove(db, JSON.stringify(p))
    const r = typeof row.r === 'string' ? JSON.parse(row.r) : row.r
    return r as { replayed: boolean; status: number; result: Parameters<typeof toResult>[0] }
  } catch (err) {
    throw asAppError(err)
  }
}

/** One move inside the caller's transaction (the caller handles idempotency, if any). */
export async function applyPoints(tx: Tx, entry: LedgerEntry): Promise<LedgerResult> {
  return toResult((await callMove(tx, entry)).result)
}

/** A new client as ledger_open_clients reads it (its recordset's columns; a field left out is null). */
export type NewClientRow = {
  id: string
  first_name?: string | null
  last_name?: string | null
  email?: string | null
  phone?: string | null
  gender?: string | null
  birth_date?: string | null
  postcode?: string | null
  points: number | null
  reference: string
  /** The record's row in the file. */
  row: number
}

/**
 * New clients, with their opening balances (an import's batch): `points` null, or above 0 (capped by the
 * franchise as any credit is); `reference` names the ledger row.
 */
export type OpeningClients = {
  franchiseId: string
  clients: NewClientRow[]
  authorId: string | null
  impostorOf: string | null
  now: Date
}

/**
 * New clients and their opening balances in one statement of the ledger (`ledger_open_clients`,
 * src/server/db/sql/ledger_open_clients.sql): each with points gets its balance and one `migration`
 * row, written with the client so that its audience row is written once.
 */
export async function openClients(tx: Tx, o: OpeningClients): Promise<void> {
  if (!o.clients.length) return
  try {
    await tx.execute(
      sql`select ledger_open_clients(${o.franchiseId}::uuid, ${JSON.stringify(o.clients)}::jsonb,
        ${o.authorId}::uuid, ${o.impostorOf}::uuid, ${o.now.toISOString()}::timestamptz)`,
    )
  } catch (err) {
    throw asAppError(err)
  }
}

/**
 * One move as its own transaction, with its Idempotency-Key: a repeat of the same request gets the
 * first result back (`replayed`) and moves nothing; the same key with another request is a 422.
 */
export async function moveOnce(
  db: Db,
  key: IdempotencyKey,
  entry: LedgerEntry,
): Promise<LedgerResult & { replayed: boolean }> {
  const r = await callMove(db, entry, key)
  return { ...toResult(r.result), replayed: r.replayed }
}
