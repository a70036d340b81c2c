// The administration area (SPEC §6 admin, §7 "Owners and admin"): merchants with their counts, their
// subscription, franchise features, a new franchise with its owner, the franchise panel and its audit
// log. Only admins reach these (the routes' guard); no tenant scope applies to staff.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type AuditPage,
  type CreatedFranchise,
  type CreatedFranchiseOwner,
  type CreateFranchiseOwnerRequest,
  type CreateFranchiseRequest,
  type FranchisePanel,
  type MerchantListQuery,
  type MerchantPage,
  type MerchantRow,
  PASSAGE_TRANSACTION_TYPES,
  PASSAGE_WINDOW_DAYS,
} from '../../domain/admin'
import type { Feature } from '../../domain/constants'
import { countryDefaults } from '../../domain/countries'
import { franchiseLocale } from '../../domain/locale'
import { effectiveRole } from '../../domain/roles'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/client'
import {
  auditLog,
  clientDayCounts,
  franchiseFeatures,
  franchises,
  loyaltyModels,
  pointsTransactions,
  storeOwners,
  stores,
  users,
} from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import { mailOf } from './mail-templates'
import { invitationLink, isUniqueViolation, NO_PASSWORD } from './owners'
import { SYSTEM_SCOPE, scopedFranchise } from './scope'

/** Merchants are the franchise owners' accounts (store owners come with their franchise). */
const MERCHANT_ROLE = 'FRANCHISE_OWNER'
const DAY_MS = 86_400_000

/** The merchant's franchise: its first one (a merchant almost always has exactly one). */
const firstFranchiseId = sql`(select f2.id from ${franchises} f2 where f2.user_id = ${users.id}
  order by f2.date_created, f2.id limit 1)`

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

type FranchiseFacts = {
  stores: Map<string, { id: string; name: string }[]>
  models: Map<string, { id: string; name: string; loyaltyType: string }>
  clients: Map<string, number>
  passages: Map<string, number>
}

/**
 * The counts and lists of a page of franchises, one grouped query each: the client count comes from
 * the counters the database keeps (client_day_counts, kind 'T': the totals per source), passages
 * from the ledger's (franchise_id, created_at) index over the last 30 days only.
 */
async function franchiseFacts(db: Db, ids: string[], now = new Date()): Promise<FranchiseFacts> {
  if (ids.length === 0)
    return { stores: new Map(), models: new Map(), clients: new Map(), passages: new Map() }
  const since = new Date(now.getTime() - PASSAGE_WINDOW_DAYS * DAY_MS)
  const [storeRows, modelRows, clientRows, passageRows] = await Promise.all([
    db
      .select({ franchiseId: stores.franchiseId, id: stores.id, name: stores.name })
      .from(stores)
      .where(inArray(stores.franchiseId, ids))
      .orderBy(asc(stores.createdAt), asc(stores.id)),
    db
      .select({
        franchiseId: loyaltyModels.franchiseId,
        id: loyaltyModels.id,
        name: loyaltyModels.name,
        loyaltyType: loyaltyModels.loyaltyType,
      })
      .from(loyaltyModels)
      .where(inArray(loyaltyModels.franchiseId, ids)),
    db
      .select({
        franchiseId: clientDayCounts.franchiseId,
        n: sql<number>`coalesce(sum(${clientDayCounts.n}), 0)::int`,
      })
      .from(clientDayCounts)
      .where(and(inArray(clientDayCounts.franchiseId, ids), eq(clientDayCounts.kind, 'T')))
      .groupBy(clientDayCounts.franchiseId),
    db
      .select({ franchiseId: pointsTransactions.franchiseId, n: count() })
      .from(pointsTransactions)
      .where(
        and(
          inArray(pointsTransactions.franchiseId, ids),
          gte(pointsTransactions.createdAt, since),
          inArray(pointsTransactions.type, [...PASSAGE_TRANSACTION_TYPES]),
        ),
      )
      .groupBy(pointsTransactions.franchiseId),
  ])
  const storesBy = new Map<string, { id: string; name: string }[]>()
  for (const s of storeRows) storesBy.set(s.franchiseId, [...(storesBy.get(s.franchiseId) ?? []), s])
  return {
    stores: storesBy,
    models: new Map(
      modelRows.map((m) => [m.franchiseId, { id: m.id, name: m.name, loyaltyType: m.loyaltyType }]),
    ),
    clients: new Map(clientRows.map((r) => [r.franchiseId, Number(r.n)])),
    passages: new Map(passageRows.map((r) => [r.franchiseId, Number(r.n)])),
  }
}

function sortOf(q: MerchantListQuery): SQL[] {
  const dir = q.sortOrder === 'asc' ? asc : desc
  if (q.sort === 'email') return [dir(users.email), asc(users.id)]
  if (q.sort === 'franchise')
    return [sql`${franchises.name} ${sql.raw(q.sortOrder)} nulls last`, asc(users.email), asc(users.id)]
  return [dir(users.createdAt), asc(users.id)]
}

/** GET /api/v2/users/merchants: one page of merchants, searched on e-mail, name and franchise name. */
export async function listMerchants(db: Db, q: MerchantListQuery): Promise<MerchantPage> {
  const search = q.filter.trim()
  const like = likePattern(search)
  const where = and(
    eq(users.role, MERCHANT_ROLE),
    search
      ? or(ilike(users.email, like), ilike(users.displayName, like), ilike(franchises.name, like))
      : undefined,
  )
  const base = () => db.select().from(users).leftJoin(franchises, eq(franchises.id, firstFranchiseId))
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(franchises, eq(franchises.id, firstFranchiseId))
    .where(where)
  const rows = await base()
    .where(where)
    .orderBy(...sortOf(q))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  return {
    data: await toMerchantRows(db, rows),
    metadata: { page: q.page, size: q.size, total: Number(total?.n ?? 0) },
  }
}

type JoinedRow = { users: typeof users.$inferSelect; franchises: typeof franchises.$inferSelect | null }

async function toMerchantRows(db: Db, rows: JoinedRow[]): Promise<MerchantRow[]> {
  const ids = rows.flatMap((r) => (r.franchises ? [r.franchises.id] : []))
  const userIds = rows.map((r) => r.users.id)
  const [facts, owned] = await Promise.all([
    franchiseFacts(db, ids),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ userId: franchises.userId, id: franchises.id, name: franchises.name })
          .from(franchises)
          .where(inArray(franchises.userId, userIds))
          .orderBy(asc(franchises.dateCreated), asc(franchises.id)),
  ])
  const ownedBy = new Map<string, { id: string; name: string }[]>()
  for (const { userId, id, name } of owned)
    if (userId) ownedBy.set(userId, [...(ownedBy.get(userId) ?? []), { id, name }])
  return rows.map(({ users: u, franchises: f }) => ({
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    isSubscribedRetailer: u.isSubscribedRetailer,
    hasFullAccess: effectiveRole(u) === 'FRANCHISE_OWNER',
    hasAcceptedCGV: u.hasAcceptedCgv,
    dateCreated: u.createdAt.toISOString(),
    franchise: f ? { id: f.id, name: f.name, codeAlpha3: f.codeAlpha3, currencyCode: f.currencyCode } : null,
    franchises: ownedBy.get(u.id) ?? [],
    loyaltyModel: f ? (facts.models.get(f.id) ?? null) : null,
    stores: f ? (facts.stores.get(f.id) ?? []) : [],
    clientCount: f ? (facts.clients.get(f.id) ?? 0) : 0,
    passages30Days: f ? (facts.passages.get(f.id) ?? 0) : 0,
  }))
}

/** One merchant's row (after a change), or a 404 for an unknown id or an account that is no merchant. */
export async function merchantRow(db: Db, id: string): Promise<MerchantRow> {
  const rows = await db
    .select()
    .from(users)
    .leftJoin(franchises, eq(franchises.id, firstFranchiseId))
    .where(and(eq(users.id, id), eq(users.role, MERCHANT_ROLE)))
  if (!rows[0]) throw notFound('MERCHANT_NOT_FOUND', 'Merchant not found')
  return (await toMerchantRows(db, rows))[0]!
}

/**
 * PATCH …/activate-subscription and …/deactivate-subscription. The franchise's subscription covers its
 * store owners (see createOwner), so they follow. The auth plugin reads the user row on every request:
 * the merchant's very next call is judged with the new flag.
 */
export async function setMerchantSubscription(db: Db, id: string, subscribed: boolean): Promise<MerchantRow> {
  await merchantRow(db, id)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isSubscribedRetailer: subscribed, updatedAt: new Date() })
      .where(eq(users.id, id))
    const owned = tx.select({ id: franchises.id }).from(franchises).where(eq(franchises.userId, id))
    const linked = tx
      .selectDistinct({ id: storeOwners.userId })
      .from(storeOwners)
      .where(inArray(storeOwners.franchiseId, owned))
    await tx
      .update(users)
      .set({ isSubscribedRetailer: subscribed, updatedAt: new Date() })
      .where(and(inArray(users.id, linked), eq(users.role, 'STORE_OWNER')))
  })
  return merchantRow(db, id)
}

/** Staff reach every franchise (their panels are a declared cross-franchise read). */
const assertFranchiseExists = (db: Db, id: string) => scopedFranchise(db, SYSTEM_SCOPE, id)

async function enabledFeatures(db: Db, franchiseId: string): Promise<string[]> {
  const rows = await db
    .select({ feature: franchiseFeatures.feature })
    .from(franchiseFeatures)
    .where(and(eq(franchiseFeatures.franchiseId, franchiseId), eq(franchiseFeatures.isEnabled, true)))
  return rows.map((r) => r.feature).sort()
}

/** PATCH /api/v2/franchises/{id}/features: the merchant's navigation follows at its next load. */
export async function setFeature(db: Db, franchiseId: string, feature: Feature, isEnabled: boolean) {
  await assertFranchiseExists(db, franchiseId)
  await db
    .insert(franchiseFeatures)
    .values({ franchiseId, feature, isEnabled })
    .onConflictDoUpdate({
      target: [franchiseFeatures.franchiseId, franchiseFeatures.feature],
      set: { isEnabled, updatedAt: new Date() },
    })
  return { franchiseId, features: await enabledFeatures(db, franchiseId) }
}

/** GET /api/v2/franchises/{id}/panel: everything the franchise panel shows, in one answer. */
export async function franchisePanel(db: Db, id: string): Promise<FranchisePanel> {
  const f = await assertFranchiseExists(db, id)
  const [facts, features, storeRows, owner] = await Promise.all([
    franchiseFacts(db, [id]),
    enabledFeatures(db, id),
    db.select().from(stores).where(eq(stores.franchiseId, id)).orderBy(asc(stores.createdAt), asc(stores.id)),
    f.userId ? db.select().from(users).where(eq(users.id, f.userId)) : Promise.resolve([]),
  ])
  const o = owner[0]
  const model = facts.models.get(id)
  return {
    franchise: {
      id: f.id,
      name: f.name,
      codeAlpha3: f.codeAlpha3,
      currencyCode: f.currencyCode,
      timezone: f.timezone,
      senderId: f.senderId,
      loyaltyType: f.loyaltyType,
      dateCreated: f.dateCreated.toISOString(),
    },
    owner: o
      ? { id: o.id, email: o.email, displayName: o.displayName, isSubscribedRetailer: o.isSubscribedRetailer }
      : null,
    clientCount: facts.clients.get(id) ?? 0,
    passages30Days: facts.passages.get(id) ?? 0,
    features,
    loyaltyModel: model ? { id: model.id, name: model.name, loyaltyType: model.loyaltyType } : null,
    stores: storeRows.map((s) => ({
      id: s.id,
      name: s.name,
      settings: { hasScannerEnabled: s.hasScannerEnabled, hasFullWebAppEnabled: s.hasFullWebAppEnabled },
    })),
  }
}

/** GET /api/v2/franchises/{id}/audit-log: newest first, with the account's and the admin's e-mail. */
export async function franchiseAudit(
  db: Db,
  id: string,
  q: { page: number; size: number },
): Promise<AuditPage> {
  await assertFranchiseExists(db, id)
  const actor = alias(users, 'actor')
  const admin = alias(users, 'admin')
  const [total] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.franchiseId, id))
  const rows = await db
    .select({ a: auditLog, actorEmail: actor.email, adminEmail: admin.email })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.userId))
    .leftJoin(admin, eq(admin.id, auditLog.impostorOf))
    .where(eq(auditLog.franchiseId, id))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  return {
    data: rows.map((r) => {
      const status = r.a.details?.statusCode
      return {
        id: r.a.id,
        action: r.a.action,
        target: r.a.target,
        createdAt: r.a.createdAt.toISOString(),
        actorEmail: r.actorEmail,
        adminEmail: r.adminEmail,
        statusCode: typeof status === 'number' ? status : null,
        details: auditDetails(r.a.details),
      }
    }),
    metadata: { page: q.page, size: q.size, total: Number(total?.n ?? 0) },
  }
}

const emailTaken = () => conflict('OWNER_EMAIL_EXISTS', 'An account with this e-mail already exists')
const hasOwner = () => conflict('FRANCHISE_HAS_OWNER', 'This franchise already has an owner')
const unknownCountry = () =>
  badRequest('VALIDATION_FAILED', 'Unknown country', { field: 'codeAlpha3', in: 'body' })

type FranchiseRow = typeof franchises.$inferSelect
const toCreatedFranchise = (f: FranchiseRow): CreatedFranchise => ({
  id: f.id,
  name: f.name,
  codeAlpha3: f.codeAlpha3,
  currencyCode: f.currencyCode,
  timezone: f.timezone,
  userId: f.userId,
  dateCreated: f.dateCreated.toISOString(),
})

/**
 * POST /api/v2/franchises: a franchise (its country sets the time zone and currency) for an existing
 * merchant, or without an owner yet (one is created later from the franchise panel).
 */
export async function createFranchise(db: Db, input: CreateFranchiseRequest): Promise<CreatedFranchise> {
  const defaults = countryDefaults(input.codeAlpha3)
  if (!defaults) throw unknownCountry()
  if (input.userId) await merchantRow(db, input.userId)
  const [f] = await db
    .insert(franchises)
    .values({
      name: input.title.trim(),
      codeAlpha3: input.codeAlpha3,
      timezone: defaults.timezone,
      currencyCode: defaults.currencyCode,
      userId: input.userId ?? null,
    })
    .returning()
  return toCreatedFranchise(f!)
}

/**
 * POST /api/v2/franchise-owner: an owner, who is e-mailed a link to choose a password, for a new
 * franchise (its country sets the time zone and currency) or for an existing franchise that has no
 * owner yet. The owner then accepts the terms at first sign-in, and an admin activates the
 * subscription from the merchant list.
 */
export async function createFranchiseOwner(
  db: Db,
  mailer: Mailer,
  input: CreateFranchiseOwnerRequest,
  publicUrl: string,
): Promise<CreatedFranchiseOwner> {
  const defaults = input.franchiseId === undefined ? countryDefaults(input.codeAlpha3) : null
  if (input.franchiseId === undefined && !defaults) throw unknownCountry()
  if (input.franchiseId !== undefined) {
    const existing = await assertFranchiseExists(db, input.franchiseId)
    if (existing.userId) throw hasOwner()
  }
  const email = input.email.trim().toLowerCase()
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) throw emailTaken()
  let created: CreatedFranchiseOwner & { link: string }
  try {
    created = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: NO_PASSWORD,
          role: MERCHANT_ROLE,
          displayName: input.displayName ?? '',
        })
        .returning()
      let f: FranchiseRow | undefined
      if (input.franchiseId !== undefined) {
        // Only a franchise that still has no owner gets this one (two admins at once: one wins).
        ;[f] = await tx
          .update(franchises)
          .set({ userId: u!.id, lastModified: new Date() })
          .where(and(eq(franchises.id, input.franchiseId), isNull(franchises.userId)))
          .returning()
        if (!f) throw hasOwner()
      } else {
        ;[f] = await tx
          .insert(franchises)
          .values({
            name: input.title.trim(),
            codeAlpha3: input.codeAlpha3,
            timezone: defaults!.timezone,
            currencyCode: defaults!.currencyCode,
            userId: u!.id,
          })
          .returning()
      }
      return {
        link: await invitationLink(tx, u!.id, publicUrl),
        franchise: { id: f!.id, name: f!.name, codeAlpha3: f!.codeAlpha3, currencyCode: f!.currencyCode },
        owner: { id: u!.id, email: u!.email },
      }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  const { link, ...answer } = created
  const mail = mailOf('franchiseInvitation', franchiseLocale(created.franchise.codeAlpha3), {
    franchise: created.franchise.name,
    link,
  })
  await mailer.send(db, { to: email, franchiseId: created.franchise.id, ...mail })
  return answer
}

/** The details an audit sentence names (auditSentence in src/domain/admin.ts), nothing else. */
function auditDetails(d: Record<string, unknown> | null) {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  return {
    feature: text(d?.feature),
    isEnabled: typeof d?.isEnabled === 'boolean' ? d.isEnabled : undefined,
    title: text(d?.title),
    owner: text(d?.owner),
    senderId: text(d?.senderId),
  }
}
