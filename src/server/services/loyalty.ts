// The loyalty card and its offers (SPEC §3, §5, §7 "Loyalty"). The card's maxPoints, hasMaxPointsEnabled
// and minimum time between visits are the franchise's columns (the ledger enforces them from there), and
// its type is mirrored on franchises.loyalty_type (the toolbar's create-sale button reads it): all are
// written in the card's transaction. Another franchise's ids are 404s, as if they did not exist.
import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  cardErrors,
  firstError,
  isLoyaltyType,
  type LoyaltyCardInput,
  type LoyaltyModel,
  type LoyaltyOffer,
  type OfferInput,
  offerErrors,
} from '../../domain/loyalty'
import type { Db, Tx } from '../db/client'
import { franchises, loyaltyModels, loyaltyOffers, stores } from '../db/schema'
import { AppError, badRequest, conflict, notFound } from '../errors'
import { listClients } from './client-queries'
import {
  assertFranchise,
  assertStore,
  FRANCHISE_COLS,
  homeFranchiseId,
  inScope,
  type Scope,
  scopedFranchise,
  scopedId,
} from './scope'

type ModelRow = typeof loyaltyModels.$inferSelect
type OfferRow = typeof loyaltyOffers.$inferSelect
type FranchiseRow = typeof franchises.$inferSelect

/** A §5 rule failure: 400 naming the field, with the §8 message id the screen shows. */
const invalid = (field: string, messageId: string) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: ${messageId}`, { field, in: 'body', messageId })

const modelNotFound = () => notFound('LOYALTY_MODEL_NOT_FOUND', 'Loyalty model not found')
const offerNotFound = () => notFound('LOYALTY_OFFER_NOT_FOUND', 'Loyalty offer not found')

export function toModel(m: ModelRow, f: FranchiseRow): LoyaltyModel {
  return {
    id: m.id,
    franchiseId: m.franchiseId,
    name: m.name,
    image: m.image,
    loyaltyType: m.loyaltyType,
    earnRate: m.earnRate,
    maxPoints: f.maxPoints,
    hasMaxPointsEnabled: f.hasMaxPointsEnabled,
    minTimeBetweenVisits: f.tagScanInterval,
    storeIds: m.storeIds,
    posProductIds: m.posProductIds,
  }
}

export function toOffer(o: OfferRow, withCount = true): LoyaltyOffer {
  return {
    id: o.id,
    loyaltyModelId: o.loyaltyModelId,
    name: o.name,
    description: o.description,
    image: o.image,
    redeemPointAmount: o.redeemPointAmount,
    type: o.type,
    value: o.value,
    currencyCode: o.currencyCode,
    posProductIds: o.posProductIds ?? [],
    productPriority: o.productPriority,
    expirationDate: o.expiresAt?.toISOString() ?? null,
    status: o.status,
    statusUpdated: o.statusUpdatedAt.toISOString(),
    ...(withCount ? { redeemedCount: o.redeemedCount } : {}),
    lastRedeemDate: o.lastRedeemedAt?.toISOString() ?? null,
    dateCreated: o.createdAt.toISOString(),
  }
}

/** The caller's franchise: the first it may act on (one franchise per merchant account), never a demo. */
function callerFranchise(scope: Scope): string {
  const id = homeFranchiseId(scope)
  if (!id) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return id
}

/** A card of the caller's franchises (staff: any card). */
async function modelOf(db: Db | Tx, scope: Scope, id: string): Promise<ModelRow> {
  const [m] = await db
    .select()
    .from(loyaltyModels)
    .where(scopedId(scope, loyaltyModels, id))
  if (!m) throw modelNotFound()
  return m
}

/** The franchise's card columns, written in the card's transaction: scoped like the card. */
async function writeFranchise(tx: Tx, scope: Scope, id: string, changes: Partial<FranchiseRow>) {
  const [f] = await tx
    .update(franchises)
    .set(changes)
    .where(scopedId(scope, FRANCHISE_COLS, id))
    .returning()
  if (!f) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return f
}

function checkCard(input: LoyaltyCardInput) {
  const e = firstError(cardErrors(input))
  if (e) throw invalid(e.field, e.messageId)
}

/** Every store id must be one of the franchise's stores (400 naming storeIds otherwise). */
async function checkStores(db: Db | Tx, franchiseId: string, ids: string[]) {
  const unique = [...new Set(ids)]
  const found = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.franchiseId, franchiseId), inArray(stores.id, unique)))
  if (found.length !== unique.length) throw invalid('storeIds', 'loyalty.storeError')
  return unique
}

/** The franchise's columns the card edits (§5 maxPoints sent or omitted; the flag only with a cap). */
const franchiseColumns = (input: LoyaltyCardInput) => ({
  maxPoints: input.maxPoints ?? null,
  hasMaxPointsEnabled: input.hasMaxPointsEnabled === true && !!input.maxPoints,
  tagScanInterval: input.minTimeBetweenVisits ?? 0,
  loyaltyType: input.loyaltyType!,
  lastModified: new Date(),
})

const modelColumns = (input: LoyaltyCardInput, storeIds: string[]) => ({
  name: input.name.trim(),
  image: input.image?.trim() || null,
  loyaltyType: input.loyaltyType!,
  earnRate: input.earnRate,
  storeIds,
  posProductIds: input.loyaltyType === 'POS_PRODUCTS' ? [...new Set(input.posProductIds ?? [])] : [],
})

/**
 * GET /api/v2/franchises/{id}/loyalty-model; staff read any (franchise panel). A franchise without a card
 * yet answers null: a new franchise's normal state, not an error (issue 34).
 */
export async function getCard(db: Db, scope: Scope, franchiseId: string): Promise<LoyaltyModel | null> {
  const f = await scopedFranchise(db, scope, franchiseId)
  const [m] = await db
    .select()
    .from(loyaltyModels)
    .where(and(eq(loyaltyModels.franchiseId, franchiseId), inScope(scope, loyaltyModels)))
  return m ? toModel(m, f) : null
}

/** POST /api/LoyaltyModels: the franchise's one card (409 when it has one). */
export async function createCard(db: Db, scope: Scope, input: LoyaltyCardInput): Promise<LoyaltyModel> {
  checkCard(input)
  const franchiseId = callerFranchise(scope)
  return db.transaction(async (tx) => {
    const storeIds = await checkStores(tx, franchiseId, input.storeIds!)
    // The unique index on franchise_id settles a race between two creations: one of them gets 409.
    const [m] = await tx
      .insert(loyaltyModels)
      .values({ franchiseId, ...modelColumns(input, storeIds) })
      .onConflictDoNothing({ target: loyaltyModels.franchiseId })
      .returning()
    if (!m) throw conflict('LOYALTY_MODEL_EXISTS', 'This franchise already has a loyalty card')
    return toModel(m, await writeFranchise(tx, scope, franchiseId, franchiseColumns(input)))
  })
}

/** PUT /api/v2/loyalty-models/{id}. */
export async function updateCard(
  db: Db,
  scope: Scope,
  id: string,
  input: LoyaltyCardInput,
): Promise<LoyaltyModel> {
  checkCard(input)
  return db.transaction(async (tx) => {
    const current = await modelOf(tx, scope, id)
    const storeIds = await checkStores(tx, current.franchiseId, input.storeIds!)
    const [m] = await tx
      .update(loyaltyModels)
      .set({ ...modelColumns(input, storeIds), updatedAt: new Date() })
      .where(scopedId(scope, loyaltyModels, id))
      .returning()
    return toModel(m!, await writeFranchise(tx, scope, current.franchiseId, franchiseColumns(input)))
  })
}

/** PATCH /api/v2/loyalties/{id}/loyalty-type; staff too (franchise panel). */
export async function changeLoyaltyType(
  db: Db,
  scope: Scope,
  id: string,
  loyaltyType: unknown,
): Promise<LoyaltyModel> {
  if (!isLoyaltyType(loyaltyType)) throw invalid('loyaltyType', 'loyalty.loyaltyTypeError')
  return db.transaction(async (tx) => {
    const current = await modelOf(tx, scope, id)
    const [m] = await tx
      .update(loyaltyModels)
      .set({
        loyaltyType,
        updatedAt: new Date(),
        // Products only mean something to a POS_PRODUCTS card.
        ...(loyaltyType === 'POS_PRODUCTS' ? {} : { posProductIds: [] }),
      })
      .where(scopedId(scope, loyaltyModels, id))
      .returning()
    return toModel(
      m!,
      await writeFranchise(tx, scope, current.franchiseId, { loyaltyType, lastModified: new Date() }),
    )
  })
}

export type OfferListQuery = {
  includeArchived: boolean
  includeRedeemedCount: boolean
  storeId?: string | undefined
  /** Another franchise the caller may read (the demo franchise); default: the caller's own. */
  franchiseId?: string | undefined
}

/**
 * GET /api/v2/loyalties/offers: the caller's card's offers, redeem points ascending. With a store, only
 * when the card covers it (a store the caller may not see is a 404). No card: an empty list.
 */
export async function listOffers(db: Db, scope: Scope, q: OfferListQuery): Promise<LoyaltyOffer[]> {
  if (q.franchiseId) assertFranchise(scope, q.franchiseId)
  const franchiseId = q.franchiseId ?? callerFranchise(scope)
  if (q.storeId) await assertStore(db, scope, q.storeId, franchiseId)
  const [m] = await db
    .select()
    .from(loyaltyModels)
    .where(and(eq(loyaltyModels.franchiseId, franchiseId), inScope(scope, loyaltyModels)))
  if (!m) return []
  if (q.storeId && m.storeIds.length > 0 && !m.storeIds.includes(q.storeId)) return []
  const ofModel = and(eq(loyaltyOffers.franchiseId, m.franchiseId), eq(loyaltyOffers.loyaltyModelId, m.id))
  const where = q.includeArchived ? ofModel : and(ofModel, eq(loyaltyOffers.status, 'ACTIVE'))
  const rows = await db
    .select()
    .from(loyaltyOffers)
    .where(where)
    .orderBy(asc(loyaltyOffers.redeemPointAmount), asc(loyaltyOffers.name), asc(loyaltyOffers.id))
  return rows.map((o) => toOffer(o, q.includeRedeemedCount))
}

function checkOffer(input: OfferInput) {
  const e = firstError(offerErrors(input))
  if (e) throw invalid(e.field, e.messageId)
}

/** §5: FLAT carries its value and the franchise's currency, PERCENTAGE its value, PRODUCT its products. */
function offerColumns(input: OfferInput, currencyCode: string) {
  const type = input.type!
  return {
    name: input.name.trim(),
    description: input.description.trim(),
    image: input.image?.trim() || null,
    redeemPointAmount: input.redeemPointAmount,
    type,
    value: type === 'PRODUCT' ? null : input.value!,
    currencyCode: type === 'FLAT' ? currencyCode : null,
    posProductIds: type === 'PRODUCT' ? [...new Set(input.posProductIds ?? [])] : null,
    productPriority: type === 'PRODUCT' ? input.productPriority! : null,
    expiresAt: input.expirationDate ? new Date(input.expirationDate) : null,
  }
}

/** POST /api/LoyaltyModels/{id}/loyaltyOffers: ACTIVE, redeemedCount 0, timestamped. */
export async function createOffer(db: Db, scope: Scope, modelId: string, input: OfferInput) {
  checkOffer(input)
  const m = await modelOf(db, scope, modelId)
  const f = await scopedFranchise(db, scope, m.franchiseId)
  const now = new Date()
  const [o] = await db
    .insert(loyaltyOffers)
    .values({
      ...offerColumns(input, f.currencyCode),
      franchiseId: m.franchiseId,
      loyaltyModelId: m.id,
      status: 'ACTIVE',
      redeemedCount: 0,
      statusUpdatedAt: now,
      createdAt: now,
    })
    .returning()
  return toOffer(o!)
}

async function offerOf(db: Db, scope: Scope, modelId: string, offerId: string): Promise<OfferRow> {
  const m = await modelOf(db, scope, modelId)
  const [o] = await db
    .select()
    .from(loyaltyOffers)
    .where(and(scopedId(scope, loyaltyOffers, offerId), eq(loyaltyOffers.loyaltyModelId, m.id)))
  if (!o) throw offerNotFound()
  return o
}

/** PUT /api/v2/loyalty-models/{id}/offers/{offerId}: status and counters are kept. */
export async function updateOffer(db: Db, scope: Scope, modelId: string, offerId: string, input: OfferInput) {
  checkOffer(input)
  const o = await offerOf(db, scope, modelId, offerId)
  const f = await scopedFranchise(db, scope, o.franchiseId)
  const [row] = await db
    .update(loyaltyOffers)
    .set(offerColumns(input, f.currencyCode))
    .where(scopedId(scope, loyaltyOffers, o.id))
    .returning()
  return toOffer(row!)
}

/** POST …/offers/{offerId}/status {status}: ACTIVE ⇄ ARCHIVED (reversible; the same status is a no-op). */
export async function setOfferStatus(db: Db, scope: Scope, modelId: string, offerId: string, status: string) {
  if (status !== 'ACTIVE' && status !== 'ARCHIVED')
    throw new AppError(400, 'VALIDATION_FAILED', 'Invalid body: status: must be ACTIVE or ARCHIVED', {
      field: 'status',
      in: 'body',
      messageId: 'loyalty.offerStatusError',
    })
  const o = await offerOf(db, scope, modelId, offerId)
  if (o.status === status) return toOffer(o)
  const [row] = await db
    .update(loyaltyOffers)
    .set({ status, statusUpdatedAt: new Date() })
    .where(scopedId(scope, loyaltyOffers, o.id))
    .returning()
  return toOffer(row!)
}

/** The customers tab: clients who visited one of the card's stores (a store owner: of its own). */
export async function cardClients(
  db: Db,
  scope: Scope,
  modelId: string,
  q: Omit<Parameters<typeof listClients>[2], 'franchiseId' | 'storeIds'>,
) {
  const m = await modelOf(db, scope, modelId)
  const storeIds =
    scope.storeIds === null ? m.storeIds : m.storeIds.filter((s) => scope.storeIds!.includes(s))
  return listClients(db, scope, { ...q, franchiseId: m.franchiseId, storeIds })
}
