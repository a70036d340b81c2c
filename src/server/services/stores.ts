// Stores (SPEC §3 Store, §4 Stores list, §7 "Stores"): create, read, update, delete and settings, always
// inside the caller's scope (another franchise's store is a 404, as if it did not exist).
import { and, count, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { countryCurrency, countryDefaults, phoneCountry } from '../../domain/countries'
import type { NewFranchiseInput, NewStoreInput } from '../../domain/first-store'
import type { FranchiseSummary, StoreSummary } from '../../domain/franchise'
import { defaultWeek, normaliseWeek } from '../../domain/opening-hours'
import { normalisePhone } from '../../domain/phone'
import { effectiveRole, isAdminRole } from '../../domain/roles'
import { TAG_NAME_MAX } from '../../domain/sale'
import type { Store, StoreInput, StoreSettingsInput } from '../../domain/stores'
import type { Db, Tx } from '../db/client'
import { categories, coupons, franchises, gameParticipants, stores, users } from '../db/schema'
import { reachAlso } from '../db/tenant-context'
import { badRequest, forbidden, notFound } from '../errors'
import { ownedFranchises, ownedStores } from './franchises'
import {
  assertFranchise,
  assertStore,
  homeFranchiseId,
  type Scope,
  STORE_COLS,
  scopedFranchise,
  scopedId,
  type Tenant,
} from './scope'
import { insertTag } from './tags'

type StoreRow = typeof stores.$inferSelect
type FranchiseRow = typeof franchises.$inferSelect

export function toStore(s: StoreRow): Store {
  return {
    id: s.id,
    franchiseId: s.franchiseId,
    name: s.name,
    description: s.description,
    phone: s.phone,
    email: s.email,
    website: s.website,
    clickNCollectLink: s.clickNCollectLink,
    menuLink: s.menuLink,
    facebookLink: s.facebookLink,
    instagramLink: s.instagramLink,
    twitterLink: s.twitterLink,
    tikTokLink: s.tikTokLink,
    googleReviewLink: s.googleReviewLink,
    logo: s.logo,
    picture: s.picture,
    location: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null,
    currencyCode: s.currencyCode,
    userId: s.userId,
    categoryId: s.categoryId,
    providerId: s.providerId,
    storeAddress: {
      id: s.addressId,
      line1: s.addressLine1,
      city: s.addressCity,
      postcode: s.addressPostcode,
    },
    // A store saved before opening hours existed shows the §9 default week.
    storeOpeningHours: { hours: s.openingHours ? normaliseWeek(s.openingHours.hours) : defaultWeek() },
    settings: { hasScannerEnabled: s.hasScannerEnabled, hasFullWebAppEnabled: s.hasFullWebAppEnabled },
    dateCreated: s.createdAt.toISOString(),
  }
}

const field = (name: string, message: string) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${name}: ${message}`, { field: name, in: 'body' })

/**
 * A store's currency is its franchise country's (issue 34: a French store priced in CHF): derived when
 * the input has none, a 400 naming `currencyCode` when it says another. A franchise whose country left
 * the served list keeps the currency it has.
 */
function storeCurrency(f: FranchiseRow, asked: string | undefined): string {
  const currency = countryCurrency(f.codeAlpha3) ?? f.currencyCode
  if (asked !== undefined && asked !== currency)
    throw field(
      'currencyCode',
      `must be ${currency}, the currency of the franchise's country (${f.codeAlpha3})`,
    )
  return currency
}

/** The columns an input sets; rules the struct cannot check (phone country, category, currency) live here. */
async function columnsOf(db: Db | Tx, f: FranchiseRow, input: StoreInput) {
  const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null)
  const currencyCode = storeCurrency(f, input.currencyCode)
  let phone: string | null = null
  if (text(input.phone)) {
    phone = normalisePhone(input.phone!, phoneCountry(f.codeAlpha3))
    if (!phone) throw field('phone', 'must be a valid phone number')
  }
  const categoryId = input.categoryId ?? null
  if (categoryId) {
    const [c] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId))
    if (!c) throw field('categoryId', 'unknown category')
  }
  return {
    name: input.name.trim(),
    description: input.description?.trim() ?? '',
    phone,
    email: text(input.email)?.toLowerCase() ?? null,
    website: text(input.website),
    clickNCollectLink: text(input.clickNCollectLink),
    menuLink: text(input.menuLink),
    facebookLink: text(input.facebookLink),
    instagramLink: text(input.instagramLink),
    twitterLink: text(input.twitterLink),
    tikTokLink: text(input.tikTokLink),
    googleReviewLink: text(input.googleReviewLink),
    logo: text(input.logo),
    picture: text(input.picture),
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    currencyCode,
    categoryId,
    addressLine1: text(input.storeAddress?.line1),
    addressCity: text(input.storeAddress?.city),
    addressPostcode: text(input.storeAddress?.postcode),
    openingHours: {
      hours: input.storeOpeningHours ? normaliseWeek(input.storeOpeningHours.hours) : defaultWeek(),
    },
  }
}

/**
 * POST /api/v2/stores: a store in the caller's franchise.
 *
 * §4 "Role REGISTERED is assigned to a user who creates their first store". Reading: REGISTERED is the
 * role of a merchant who is not validated yet, and here it is not stored but derived (effectiveRole:
 * terms not accepted → REGISTERED). So a REGISTERED merchant may create the first store of its
 * franchise (onboarding), and creating a first store makes its creator a merchant of that franchise:
 * a stored role that is not an owner role becomes FRANCHISE_OWNER, which reads as REGISTERED until the
 * terms are accepted and the subscription is active. A validated franchise owner is not demoted:
 * storing REGISTERED would lock it out of the store it has just created. Later stores need full access.
 *
 * A merchant who signed up alone has no franchise yet: its first store creates it (`franchise`: name
 * and country; the country sets the currency and time zone) and makes it its owner, in the same
 * transaction. The caller's user row is locked first, so two first-store calls create one franchise.
 */
export async function createStore(
  db: Db,
  caller: { user: typeof users.$inferSelect; role: string | null; scope: Scope },
  input: NewStoreInput,
): Promise<{ store: Store; firstStore: boolean }> {
  if (caller.scope.storeIds !== null) throw forbidden('Only a franchise owner can create a store')
  const { franchise: wanted, ...storeInput } = input
  const homeId = homeFranchiseId(caller.scope)
  if (!homeId && !wanted) throw field('franchise', 'is required for a first store (name and country)')
  const home = homeId ? await scopedFranchise(db, caller.scope, homeId) : null
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.user.id)).for('update')
    const f =
      home ?? (await ownFranchiseOf(tx, caller.user.id)) ?? (await newFranchise(tx, caller.user.id, wanted!))
    // Its first store makes the caller a merchant of a franchise its token does not name yet.
    if (!home) await tx.execute(reachAlso(f.id))
    const values = await columnsOf(tx, f, storeInput)
    const [{ n }] = (await tx.select({ n: count() }).from(stores).where(eq(stores.franchiseId, f.id))) as [
      { n: number },
    ]
    const firstStore = Number(n) === 0
    if (!firstStore && caller.role !== 'FRANCHISE_OWNER')
      throw forbidden('Only a franchise owner can create a store')
    const [row] = await tx
      .insert(stores)
      .values({ ...values, franchiseId: f.id, userId: caller.user.id })
      .returning()
    // The first store's first tag, named after it (issue 34): "Create a sale" works from the start.
    if (firstStore) await insertTag(tx, row!, { name: row!.name.trim().slice(0, TAG_NAME_MAX) })
    if (firstStore && caller.user.role !== 'FRANCHISE_OWNER' && !isAdminRole(caller.user.role))
      await tx
        .update(users)
        .set({ role: 'FRANCHISE_OWNER', updatedAt: new Date() })
        .where(eq(users.id, caller.user.id))
    return { store: toStore(row!), firstStore }
  })
}

/** The franchise the caller came to own meanwhile (a concurrent first store), if any. */
async function ownFranchiseOf(tx: Tx, userId: string): Promise<FranchiseRow | undefined> {
  const [f] = await tx.select().from(franchises).where(eq(franchises.userId, userId)).limit(1)
  return f
}

/** A merchant's own franchise, named on its first store; its country sets currency and time zone. */
async function newFranchise(tx: Tx, userId: string, wanted: NewFranchiseInput): Promise<FranchiseRow> {
  const defaults = countryDefaults(wanted.codeAlpha3)
  if (!defaults) throw field('franchise.codeAlpha3', 'is not a served country')
  const [f] = await tx
    .insert(franchises)
    .values({
      name: wanted.name.trim(),
      codeAlpha3: wanted.codeAlpha3,
      timezone: defaults.timezone,
      currencyCode: defaults.currencyCode,
      userId,
    })
    .returning()
  return f!
}

export async function getStore(db: Db, scope: Scope, id: string): Promise<Store> {
  return toStore(await assertStore(db, scope, id))
}

export async function updateStore(db: Db, scope: Scope, id: string, input: StoreInput): Promise<Store> {
  const current = await assertStore(db, scope, id)
  const values = await columnsOf(db, await scopedFranchise(db, scope, current.franchiseId), input)
  const [row] = await db
    .update(stores)
    .set({ ...values, updatedAt: new Date() })
    .where(scopedId(scope, STORE_COLS, id))
    .returning()
  if (!row) throw storeNotFound()
  return toStore(row)
}

const storeNotFound = () => notFound('STORE_NOT_FOUND', 'Store not found')

/** A franchise owner only (the route's guard); a store owner may not delete even its own store. */
export async function deleteStore(db: Db, scope: Scope, id: string): Promise<void> {
  if (scope.storeIds !== null) throw forbidden('Only a franchise owner can delete a store')
  await db.transaction(async (tx) => {
    const [store] = await tx
      .select({ franchiseId: stores.franchiseId })
      .from(stores)
      .where(scopedId(scope, STORE_COLS, id))
      .for('update')
    if (!store) throw storeNotFound()
    // Coupons and game plays keep their history without the store: their keys to it are NO ACTION
    // (Citus refuses SET NULL in a key with franchise_id, docs/citus.md), so the delete clears them.
    const mine = (table: typeof coupons | typeof gameParticipants, column: PgColumn) =>
      and(eq(table.franchiseId, store.franchiseId), eq(column, id))
    await tx.update(coupons).set({ storeId: null }).where(mine(coupons, coupons.storeId))
    await tx.update(coupons).set({ claimedStoreId: null }).where(mine(coupons, coupons.claimedStoreId))
    await tx
      .update(gameParticipants)
      .set({ storeId: null })
      .where(mine(gameParticipants, gameParticipants.storeId))
    await tx.delete(stores).where(and(eq(stores.franchiseId, store.franchiseId), eq(stores.id, id)))
  })
}

/** §6 "edit store settings": an owner its stores, staff any store (their tenant reaches every one). */
export async function updateSettings(
  db: Db,
  scope: Scope,
  id: string,
  input: StoreSettingsInput,
): Promise<Store> {
  const set: Partial<StoreRow> = { updatedAt: new Date() }
  if (input.hasScannerEnabled !== undefined) set.hasScannerEnabled = input.hasScannerEnabled
  if (input.hasFullWebAppEnabled !== undefined) set.hasFullWebAppEnabled = input.hasFullWebAppEnabled
  const [row] = await db
    .update(stores)
    .set(set)
    .where(scopedId(scope, STORE_COLS, id))
    .returning()
  if (!row) throw storeNotFound()
  return toStore(row)
}

/** GET /api/v2/franchises/{id}/stores/list: staff any franchise, a merchant its own (scoped). */
export async function franchiseStores(db: Db, caller: Tenant, franchiseId: string): Promise<StoreSummary[]> {
  if (caller.kind === 'staff') {
    const f = await scopedFranchise(db, caller, franchiseId)
    if (!f.userId) return []
    return (await ownedStores(db, f.userId, 'FRANCHISE_OWNER')).filter((s) => s.franchiseId === franchiseId)
  }
  assertFranchise(caller, franchiseId)
  return (await ownedStores(db, caller.userId, caller.role)).filter((s) => s.franchiseId === franchiseId)
}

/** GET /api/v2/users/{id}/franchises/stores: the user's franchises, each with its stores. */
export async function userFranchiseStores(
  db: Db,
  caller: Tenant,
  userId: string,
): Promise<(FranchiseSummary & { stores: StoreSummary[] })[]> {
  // Another user's id reads as unknown (404), like a foreign franchise, unless the caller is staff.
  if (userId !== caller.userId && caller.kind !== 'staff') throw notFound('USER_NOT_FOUND', 'User not found')
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  if (!u) throw notFound('USER_NOT_FOUND', 'User not found')
  const role = effectiveRole(u) ?? u.role
  const [fs, ss] = await Promise.all([ownedFranchises(db, u.id), ownedStores(db, u.id, role)])
  return fs.map((f) => ({ ...f, stores: ss.filter((s) => s.franchiseId === f.id) }))
}
