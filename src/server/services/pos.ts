// Point of sale (SPEC §3 POS merchant account, §7 core provider calls): a store's account with its
// till, the products and orders the till posts through the signed webhook, and the webhook's health.
// Every store id is checked against the caller's scope (another tenant's ids are 404s).
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { isId } from '../../domain/ids'
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../domain/input'
import {
  type OrderCreatedEvent,
  OrderCreatedEvent as OrderCreatedStruct,
  type PosAccount,
  type PosAccountCreate,
  type PosAccountUpdate,
  PosEventType,
  type PosOrder,
  type PosProduct,
  type ProductsUpdatedEvent,
  ProductsUpdatedEvent as ProductsUpdatedStruct,
  type WebhookStatus,
  webhookState,
} from '../../domain/pos'
import type { Pos } from '../adapters/pos'
import { isValidSignature, newWebhookSecret } from '../adapters/webhook-signature'
import type { Db } from '../db/client'
import { stores } from '../db/schema'
import { posMerchantAccounts, posOrders, posProducts } from '../db/tables-loyalty'
import { AppError, badRequest, conflict, notFound, parse } from '../errors'
import { assertStore, inScope, type Scope, scopedId } from './scope'

type AccountRow = typeof posMerchantAccounts.$inferSelect
type OrderRow = typeof posOrders.$inferSelect

export const webhookPath = (accountId: string) => `/api/pos/webhook/${accountId}`

export function toAccount(a: AccountRow, publicUrl: string): PosAccount {
  return {
    id: a.id,
    franchiseId: a.franchiseId,
    storeId: a.storeId,
    type: a.type,
    providerStoreId: a.providerStoreId,
    posType: a.posType,
    canSync: a.canSync,
    canManageCurrentSale: a.canManageCurrentSale,
    canRedeemLoyaltyOffer: a.canRedeemLoyaltyOffer,
    hasClickAndCollect: a.hasClickAndCollect,
    resetDelay: a.resetDelay,
    linkReceiptDelay: a.linkReceiptDelay,
    receiptDeletionDelay: a.receiptDeletionDelay,
    webhookSecret: a.webhookSecret,
    webhookUrl: `${publicUrl}${webhookPath(a.id)}`,
    lastWebhookAt: a.lastWebhookAt?.toISOString() ?? null,
  }
}

export function toOrder(o: OrderRow): PosOrder {
  return {
    id: o.id,
    storeId: o.storeId,
    receiptId: o.providerOrderId,
    lines: o.lines,
    totalCents: o.totalCents,
    currencyCode: o.currencyCode,
    orderedAt: o.orderedAt.toISOString(),
    receivedAt: o.receivedAt.toISOString(),
    linkedAt: o.linkedAt?.toISOString() ?? null,
    linkedClientId: o.linkedClientId,
  }
}

async function accountOfStore(db: Db, scope: Scope, storeId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(posMerchantAccounts)
    .where(and(eq(posMerchantAccounts.storeId, storeId), inScope(scope, posMerchantAccounts)))
  return row
}

const accountNotFound = () => notFound('POS_ACCOUNT_NOT_FOUND', 'Point-of-sale account not found')

/** A write to one account of the caller's scope (a foreign account is a 404, as if it did not exist). */
async function writeAccount(db: Db, scope: Scope, id: string, set: Partial<AccountRow>) {
  const [row] = await db
    .update(posMerchantAccounts)
    .set({ ...set, updatedAt: new Date() })
    .where(scopedId(scope, posMerchantAccounts, id))
    .returning()
  if (!row) throw accountNotFound()
  return row
}

const columns = (input: PosAccountUpdate) => ({
  type: input.type,
  providerStoreId: input.providerStoreId.trim(),
  posType: input.posType?.trim() ? input.posType.trim() : null,
  canSync: input.canSync,
  canManageCurrentSale: input.canManageCurrentSale,
  canRedeemLoyaltyOffer: input.canRedeemLoyaltyOffer,
  hasClickAndCollect: input.hasClickAndCollect,
  resetDelay: input.resetDelay,
  linkReceiptDelay: input.linkReceiptDelay,
  ...(input.receiptDeletionDelay !== undefined ? { receiptDeletionDelay: input.receiptDeletionDelay } : {}),
})

/** GET /pos-merchant-accounts/search?storeId=: 404 NOT_FOUND when the store has none (§8: ignored). */
export async function searchAccount(db: Db, scope: Scope, storeId: string, publicUrl: string) {
  await assertStore(db, scope, storeId)
  const row = await accountOfStore(db, scope, storeId)
  if (!row) throw notFound('NOT_FOUND', 'This store has no point-of-sale account')
  return toAccount(row, publicUrl)
}

/** POST /pos-merchant-accounts: one account a store; its webhook secret is drawn here. */
export async function createAccount(db: Db, scope: Scope, input: PosAccountCreate, publicUrl: string) {
  const store = await assertStore(db, scope, input.storeId)
  const [row] = await db
    .insert(posMerchantAccounts)
    .values({
      ...columns(input),
      franchiseId: store.franchiseId,
      storeId: store.id,
      webhookSecret: newWebhookSecret(),
    })
    .onConflictDoNothing({ target: [posMerchantAccounts.storeId, posMerchantAccounts.franchiseId] })
    .returning()
  if (!row) throw conflict('POS_ACCOUNT_EXISTS', 'This store already has a point-of-sale account')
  return toAccount(row, publicUrl)
}

/** PUT /pos-merchant-accounts/{id}. */
export async function updateAccount(
  db: Db,
  scope: Scope,
  id: string,
  input: PosAccountUpdate,
  publicUrl: string,
) {
  return toAccount(await writeAccount(db, scope, id, columns(input)), publicUrl)
}

/** POST /pos-merchant-accounts/{id}/secret: a new secret; the old one stops working at once. */
export async function regenerateSecret(db: Db, scope: Scope, id: string, publicUrl: string) {
  return toAccount(await writeAccount(db, scope, id, { webhookSecret: newWebhookSecret() }), publicUrl)
}

/** The catalogue the store's till posted (webhook event products.updated). */
async function postedProducts(db: Db, franchiseId: string, storeId: string): Promise<PosProduct[]> {
  const rows = await db
    .select()
    .from(posProducts)
    .where(and(eq(posProducts.franchiseId, franchiseId), eq(posProducts.storeId, storeId)))
    .orderBy(asc(posProducts.name), asc(posProducts.providerProductId))
  return rows.map((r) => ({
    id: r.providerProductId,
    name: r.name,
    priceCents: r.priceCents,
    currencyCode: r.currencyCode,
  }))
}

/** GET /stores/{id}/products: the provider's, else the till's; a store without an account has none. */
export async function storeProducts(db: Db, pos: Pos, scope: Scope, storeId: string): Promise<PosProduct[]> {
  await assertStore(db, scope, storeId)
  const account = await accountOfStore(db, scope, storeId)
  if (!account) return []
  return pos.kind === 'http'
    ? pos.products(account)
    : postedProducts(db, account.franchiseId, account.storeId)
}

/** GET /orders/pos/{receiptId}?storeId=: an order by the till's receipt id. */
export async function orderByReceipt(db: Db, scope: Scope, storeId: string, receiptId: string) {
  await assertStore(db, scope, storeId)
  const [row] = await db
    .select()
    .from(posOrders)
    .where(
      and(
        eq(posOrders.storeId, storeId),
        eq(posOrders.providerOrderId, receiptId),
        inScope(scope, posOrders),
      ),
    )
  if (!row) throw notFound('ORDER_NOT_FOUND', 'No order with this receipt id')
  return toOrder(row)
}

/** GET /api/v2/orders/lb/{id}: an order by our id. */
export async function orderById(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(posOrders)
    .where(scopedId(scope, posOrders, id))
  if (!row) throw notFound('ORDER_NOT_FOUND', 'Order not found')
  return toOrder(row)
}

/** GET /api/v2/stores/{id}/pos-orders: the latest orders first. */
export async function storeOrders(db: Db, scope: Scope, storeId: string, limit = 20) {
  await assertStore(db, scope, storeId)
  const rows = await db
    .select()
    .from(posOrders)
    .where(and(eq(posOrders.storeId, storeId), inScope(scope, posOrders)))
    .orderBy(desc(posOrders.orderedAt), desc(posOrders.receivedAt))
    .limit(limit)
  return rows.map(toOrder)
}

/** GET /api/v2/stores/{id}/webhook-status. */
export async function webhookStatus(db: Db, scope: Scope, storeId: string, now = new Date()) {
  await assertStore(db, scope, storeId)
  const account = await accountOfStore(db, scope, storeId)
  const last = account?.lastWebhookAt ?? null
  return {
    configured: !!account,
    lastWebhookAt: last?.toISOString() ?? null,
    state: webhookState(!!account, last, now),
  } satisfies WebhookStatus
}

// ── The webhook (POST /api/pos/webhook/{accountId}) ──

export type WebhookOutcome =
  | { type: 'order.created'; outcome: 'created' | 'duplicate'; orderId: string }
  | { type: 'products.updated'; outcome: 'updated'; count: number }

/**
 * A till's signed call. Unknown account → 404; bad signature → 401; the body is parsed only once the
 * signature holds, and a bad body is a 400 naming the field that changes nothing.
 */
export async function receiveWebhook(
  db: Db,
  accountId: string,
  raw: Buffer,
  signature: string | string[] | undefined,
  now = new Date(),
): Promise<WebhookOutcome> {
  const [account] = isId(accountId)
    ? await db.select().from(posMerchantAccounts).where(eq(posMerchantAccounts.id, accountId))
    : []
  if (!account) throw notFound('POS_ACCOUNT_NOT_FOUND', 'Point-of-sale account not found')
  if (!isValidSignature(account.webhookSecret, raw, signature))
    throw new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is missing or wrong')
  let body: unknown
  try {
    const text = raw.toString('utf8')
    // Too deep to walk: refused as the JSON parser of the other routes does (plugins/json-body.ts).
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new SyntaxError('too deep')
    body = JSON.parse(text)
  } catch {
    throw badRequest('VALIDATION_FAILED', 'Invalid body: not JSON', { field: 'body', in: 'body' })
  }
  const { type } = parse(PosEventType, pick(body, ['type']))
  const [store] = await db.select().from(stores).where(eq(stores.id, account.storeId))
  const outcome =
    type === 'order.created'
      ? await receiveOrder(db, account, store!.currencyCode, parse(OrderCreatedStruct, body))
      : await receiveProducts(db, account, store!.currencyCode, parse(ProductsUpdatedStruct, body))
  await db
    .update(posMerchantAccounts)
    .set({ lastWebhookAt: now })
    .where(eq(posMerchantAccounts.id, account.id))
  return outcome
}

const pick = (v: unknown, keys: string[]) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(keys.map((k) => [k, (v as Record<string, unknown>)[k]]))
    : v

const currencyError = (field: string, currency: string) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: the store's currency is ${currency}`, {
    field,
    in: 'body',
  })

/** Idempotent on (store, receipt id): a till that posts an order twice gets `duplicate`. */
async function receiveOrder(
  db: Db,
  account: AccountRow,
  storeCurrency: string,
  e: OrderCreatedEvent,
): Promise<WebhookOutcome> {
  if (e.currencyCode !== storeCurrency) throw currencyError('currencyCode', storeCurrency)
  const orderId = e.orderId.trim()
  const inserted = await db
    .insert(posOrders)
    .values({
      franchiseId: account.franchiseId,
      storeId: account.storeId,
      posAccountId: account.id,
      providerOrderId: orderId,
      lines: e.lines.map((l) => ({
        productId: l.productId.trim(),
        name: l.name.trim(),
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
      })),
      totalCents: e.totalCents,
      currencyCode: e.currencyCode,
      orderedAt: new Date(e.orderedAt),
    })
    .onConflictDoNothing({ target: [posOrders.storeId, posOrders.providerOrderId, posOrders.franchiseId] })
    .returning({ id: posOrders.id })
  return { type: 'order.created', outcome: inserted.length ? 'created' : 'duplicate', orderId }
}

/** The till's catalogue: products are upserted by the till's id (none is deleted: old orders name them). */
async function receiveProducts(
  db: Db,
  account: AccountRow,
  storeCurrency: string,
  e: ProductsUpdatedEvent,
): Promise<WebhookOutcome> {
  const wrong = e.products.findIndex((p) => p.currencyCode !== storeCurrency)
  if (wrong >= 0) throw currencyError(`products.${wrong}.currencyCode`, storeCurrency)
  // The last one wins when a till repeats an id in one call (one upsert may not touch a row twice).
  const byId = new Map(e.products.map((p) => [p.id.trim(), p]))
  if (byId.size)
    await db
      .insert(posProducts)
      .values(
        [...byId].map(([id, p]) => ({
          franchiseId: account.franchiseId,
          storeId: account.storeId,
          providerProductId: id,
          name: p.name.trim(),
          priceCents: p.priceCents,
          currencyCode: p.currencyCode,
        })),
      )
      .onConflictDoUpdate({
        target: [posProducts.storeId, posProducts.providerProductId, posProducts.franchiseId],
        set: {
          name: sql`excluded.name`,
          priceCents: sql`excluded.price_cents`,
          currencyCode: sql`excluded.currency_code`,
          updatedAt: new Date(),
        },
      })
  return { type: 'products.updated', outcome: 'updated', count: byId.size }
}

/** The queue job that runs purgeOldOrders (registered in plugins/jobs.ts). */
export const PURGE_POS_ORDERS_JOB = 'pos.purge-old-orders'

/**
 * Received orders older than their account's receipt deletion delay (0 keeps them), for the queue's
 * purge job. Linked orders go too: the points they earned live in the ledger, not here.
 */
export async function purgeOldOrders(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(posOrders)
    .where(
      sql`${posOrders.posAccountId} in (select ${posMerchantAccounts.id} from ${posMerchantAccounts}
        where ${gt(posMerchantAccounts.receiptDeletionDelay, 0)}
        and ${posOrders.receivedAt} < ${now.toISOString()}::timestamptz
          - make_interval(secs => ${posMerchantAccounts.receiptDeletionDelay}))`,
    )
    .returning({ id: posOrders.id })
  return deleted.length
}
