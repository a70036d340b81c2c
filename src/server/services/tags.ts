// NFC/QR tags and the points a store puts on them (SPEC §1 create-sale dialog, §3 Tag, §7 "Tags"):
// list, read, create, rename, delete, inject a sale's points and reset them. Points are NOT credited
// here: the customer collects the open injection on the public scan page (services of the scan area),
// through the ledger.
import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm'
import { isManualAmountCard, pointsEarned } from '../../domain/earning'
import {
  amountError,
  amountToCents,
  type ManualPointsInfo,
  type Tag,
  type TagCreateInput,
  type TagDetail,
  type TagPage,
  type TagUpdateInput,
} from '../../domain/sale'
import type { PresenceCode } from '../../domain/scan'
import type { Db, Tx } from '../db/client'
import { franchises, loyaltyModels, stores } from '../db/schema'
import { tagInjections, tags } from '../db/tables-loyalty'
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors'
import { currentPresenceCode } from './presence'
import {
  assertFranchise,
  assertStore,
  FRANCHISE_COLS,
  inScope,
  type Scope,
  STORE_COLS,
  scopedId,
} from './scope'

type TagRow = typeof tags.$inferSelect
type InjectionRow = typeof tagInjections.$inferSelect

const tagNotFound = () => notFound('TAG_NOT_FOUND', 'Tag not found')

export function toPointsInfo(i: InjectionRow): ManualPointsInfo {
  return {
    points: i.points,
    amountCents: i.amountCents,
    currencyCode: i.currencyCode,
    injectionDate: i.injectedAt.toISOString(),
    // The delay the injection was made with (the tag's delay may change afterwards).
    resetDelay: Math.round((i.expiresAt.getTime() - i.injectedAt.getTime()) / 1000),
  }
}

function toTag(t: TagRow, open: InjectionRow | undefined): Tag {
  return {
    id: t.id,
    tagId: t.tagUid,
    name: t.name,
    storeId: t.storeId,
    passages: t.passages,
    resetDelay: t.resetDelaySeconds,
    manualPointsInfo: open ? toPointsInfo(open) : null,
  }
}

/** An injection neither collected nor reset (what a new injection or a reset closes, expired or not). */
const isOpenInjection = and(isNull(tagInjections.collectedAt), isNull(tagInjections.resetAt))
/** Injections still waiting to be collected: not collected, not reset, not expired. */
const isOpen = (now: Date) => and(isOpenInjection, gt(tagInjections.expiresAt, now))

/** The open injections of `tagIds`, all of `franchiseId` (its filter keeps the read on one shard). */
async function openInjections(db: Db, franchiseId: string, tagIds: string[], now = new Date()) {
  if (!tagIds.length) return new Map<string, InjectionRow>()
  const rows = await db
    .select()
    .from(tagInjections)
    .where(and(eq(tagInjections.franchiseId, franchiseId), inArray(tagInjections.tagId, tagIds), isOpen(now)))
  return new Map(rows.map((r) => [r.tagId, r]))
}

/** A tag the caller may act on (its franchise, and a store owner's own stores); else a 404. */
async function tagInScope(db: Db, scope: Scope, id: string): Promise<TagRow> {
  const [t] = await db
    .select()
    .from(tags)
    .where(scopedId(scope, tags, id))
  if (!t) throw tagNotFound()
  return t
}

/**
 * GET /api/v2/franchises/{id}/tags?storeId=: a store without tags is an empty page (§8's TAGS_NOT_FOUND
 * meaning), answered 200: "nothing yet" is not an error, and a new franchise's screens read it first.
 */
export async function listTags(
  db: Db,
  scope: Scope,
  franchiseId: string,
  q: { storeId?: string | undefined; page: number; size: number },
): Promise<TagPage> {
  assertFranchise(scope, franchiseId)
  if (q.storeId) await assertStore(db, scope, q.storeId, franchiseId)
  const where: SQL[] = [eq(tags.franchiseId, franchiseId)]
  if (q.storeId) where.push(eq(tags.storeId, q.storeId))
  else if (scope.storeIds !== null) where.push(inArray(tags.storeId, scope.storeIds))
  const [{ total }] = (await db
    .select({ total: count() })
    .from(tags)
    .where(and(...where))) as [{ total: number }]
  if (Number(total) === 0) return { data: [], metadata: { page: q.page, size: 0, total: 0 } }
  const rows = await db
    .select()
    .from(tags)
    .where(and(...where))
    .orderBy(asc(tags.createdAt), asc(tags.name), asc(tags.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  const open = await openInjections(
    db,
    franchiseId,
    rows.map((r) => r.id),
  )
  return {
    data: rows.map((r) => toTag(r, open.get(r.id))),
    metadata: { page: q.page, size: rows.length, total: Number(total) },
  }
}

/** GET /api/v2/tags/{id}: the tag's live state (the scanner screen polls it). */
export async function getTag(db: Db, scope: Scope, id: string): Promise<TagDetail> {
  const t = await tagInScope(db, scope, id)
  const [s] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(scopedId(scope, STORE_COLS, t.storeId))
  const open = await openInjections(db, t.franchiseId, [t.id])
  return { ...toTag(t, open.get(t.id)), storeName: s?.name ?? '' }
}

/**
 * GET /api/v2/tags/{id}/presence-code: the code the scanner screen shows now (issue 16 #5), for the
 * tag's franchise owner and the owners of its store only; when the next one starts.
 */
export async function tagPresenceCode(
  db: Db,
  scope: Scope,
  id: string,
  now = new Date(),
): Promise<PresenceCode> {
  const [t] = await db
    .select({ id: tags.id, presenceSecret: tags.presenceSecret })
    .from(tags)
    .where(and(eq(tags.id, id), inScope(scope, { franchiseId: tags.franchiseId, storeId: tags.storeId })))
  if (!t) throw tagNotFound()
  return currentPresenceCode(t, now)
}

// 10 characters of base32 (50 bits): short enough to type, random enough not to be guessed.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
export function randomTagUid(length = 10): string {
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => BASE32[b & 31]).join('')
}

/** POST /api/v2/stores/{id}/tags: a new tag with a random public uid. */
export async function createTag(db: Db, scope: Scope, storeId: string, input: TagCreateInput): Promise<Tag> {
  const store = await assertStore(db, scope, storeId)
  return toTag(await insertTag(db, store, input), undefined)
}

/**
 * A new tag of a store, with a fresh uid. Also a first store's first tag (issue 34), inside the store's
 * own transaction: a new merchant's "Create a sale" has a tag to send the points to from the start.
 */
export async function insertTag(
  db: Db | Tx,
  store: { id: string; franchiseId: string },
  input: TagCreateInput,
): Promise<TagRow> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(tags)
      .values({
        franchiseId: store.franchiseId,
        storeId: store.id,
        tagUid: randomTagUid(),
        name: input.name,
        ...(input.resetDelay !== undefined ? { resetDelaySeconds: input.resetDelay } : {}),
      })
      .onConflictDoNothing({ target: tags.tagUid })
      .returning()
    if (row) return row
    // 2^50 uids: a collision is next to impossible, a second one means something else is wrong.
    if (attempt >= 2) throw new AppError(500, 'TAG_UID_CONFLICT', 'Could not allocate a tag id')
  }
}

/** PATCH /api/v2/tags/{id}: name and reset delay; an open injection keeps the delay it was made with. */
export async function updateTag(db: Db, scope: Scope, id: string, input: TagUpdateInput): Promise<Tag> {
  const set: Partial<TagRow> = { updatedAt: new Date() }
  if (input.name !== undefined) set.name = input.name
  if (input.resetDelay !== undefined) set.resetDelaySeconds = input.resetDelay
  const [row] = await db
    .update(tags)
    .set(set)
    .where(scopedId(scope, tags, id))
    .returning()
  if (!row) throw tagNotFound()
  const open = await openInjections(db, row.franchiseId, [id])
  return toTag(row, open.get(id))
}

/** DELETE /api/v2/tags/{id}: its injections go with it (cascade); credited points stay in the ledger. */
export async function deleteTag(db: Db, scope: Scope, id: string): Promise<void> {
  if (scope.storeIds !== null) throw forbidden('Only a franchise owner can delete a tag')
  const [gone] = await db
    .delete(tags)
    .where(scopedId(scope, tags, id))
    .returning({ id: tags.id })
  if (!gone) throw tagNotFound()
}

/** The franchise's card, or its loyalty type at 1 point per unit before a card is saved. */
async function cardOf(db: Db, scope: Scope, franchiseId: string) {
  const [card] = await db
    .select({ loyaltyType: loyaltyModels.loyaltyType, earnRate: loyaltyModels.earnRate })
    .from(loyaltyModels)
    .where(and(eq(loyaltyModels.franchiseId, franchiseId), inScope(scope, loyaltyModels)))
  if (card) return card
  const [f] = await db
    .select({ loyaltyType: franchises.loyaltyType })
    .from(franchises)
    .where(scopedId(scope, FRANCHISE_COLS, franchiseId))
  return { loyaltyType: f?.loyaltyType ?? 'PASSAGE', earnRate: 1 }
}

const amountField = (message: string, code = 'VALIDATION_FAILED') =>
  badRequest(code, `Invalid body: amount: ${message}`, { field: 'amount', in: 'body' })

export type Author = { userId: string; impostorOf: string | null }

/**
 * POST /api/v2/tags/{id}/inject-points: a sale's points wait on the tag until collected, reset or
 * expired. A new injection replaces the open one (the counter moved on to the next customer). The tag
 * row is locked so that two injections at once leave exactly one open.
 */
export async function injectPoints(
  db: Db,
  scope: Scope,
  author: Author,
  id: string,
  amount: string | number,
): Promise<{ manualPointsInfo: ManualPointsInfo }> {
  const error = amountError(amount)
  if (error === 'invalid') throw amountField('must be a decimal with at most 2 decimals')
  if (error === 'zero') throw amountField('must be above 0')
  if (error === 'tooLarge') throw amountField('is too large')
  const amountCents = amountToCents(amount)!
  const tag = await tagInScope(db, scope, id)
  const card = await cardOf(db, scope, tag.franchiseId)
  if (!isManualAmountCard(card.loyaltyType))
    throw conflict(
      'LOYALTY_TYPE_NOT_MANUAL_AMOUNT',
      'Points are injected into tags only with a manual-amount card',
    )
  const points = pointsEarned(card, { amountCents })
  if (points <= 0) throw amountField('earns no point', 'AMOUNT_EARNS_NO_POINTS')
  const [store] = await db
    .select({ currencyCode: stores.currencyCode })
    .from(stores)
    .where(scopedId(scope, STORE_COLS, tag.storeId))
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(tags)
      .where(scopedId(scope, tags, id))
      .for('update')
    if (!locked) throw tagNotFound()
    const now = new Date()
    await tx
      .update(tagInjections)
      .set({ resetAt: now })
      .where(and(eq(tagInjections.tagId, id), inScope(scope, tagInjections), isOpenInjection))
    const [row] = await tx
      .insert(tagInjections)
      .values({
        franchiseId: locked.franchiseId,
        storeId: locked.storeId,
        tagId: locked.id,
        amountCents,
        currencyCode: store!.currencyCode,
        points,
        injectedAt: now,
        expiresAt: new Date(now.getTime() + locked.resetDelaySeconds * 1000),
        injectedBy: author.userId,
        impostorOf: author.impostorOf,
      })
      .returning()
    return { manualPointsInfo: toPointsInfo(row!) }
  })
}

/** POST /api/v2/tags/{id}/reset-points: the open injection can no longer be collected. */
export async function resetPoints(db: Db, scope: Scope, id: string): Promise<{ manualPointsInfo: null }> {
  await tagInScope(db, scope, id)
  await db
    .update(tagInjections)
    .set({ resetAt: new Date() })
    .where(and(eq(tagInjections.tagId, id), inScope(scope, tagInjections), isOpenInjection))
  return { manualPointsInfo: null }
}
