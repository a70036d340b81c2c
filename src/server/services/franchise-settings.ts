// The franchise page's writes (SPEC §3 Franchise, §7 "Franchises"): partial update, theme, client
// qualification and SMS sender name. Every write bumps lastModified and answers the full franchise.
// Reads and writes are keyed on the franchise id within the caller's tenant (staff reach every one).
import { and, eq } from 'drizzle-orm'
import { localClock } from '../../domain/campaigns'
import { toCents } from '../../domain/clients'
import { countryDefaults } from '../../domain/countries'
import type {
  ClientQualification,
  FranchiseDetail,
  FranchisePatch,
  FranchiseTheme,
} from '../../domain/franchise-settings'
import { checkSenderId } from '../../domain/sender-id'
import type { Db, Tx } from '../db/client'
import { franchiseFeatures, franchises, stores } from '../db/schema'
import { badRequest, notFound } from '../errors'
import { recordAudit } from './audit'
import { publicHolidaysFrom } from './public-holidays'
import { FRANCHISE_COLS, scopedFranchise, scopedId, type Tenant } from './scope'

type Row = typeof franchises.$inferSelect

/** GET /api/v2/franchises/{id}: a store owner reads its franchise, read-only. */
export async function readFranchise(db: Db, tenant: Tenant, id: string): Promise<FranchiseDetail> {
  return franchiseDetail(db, await scopedFranchise(db, tenant, id), tenant.storeIds === null)
}

async function franchiseDetail(db: Db | Tx, row: Row, canEdit: boolean): Promise<FranchiseDetail> {
  const features = await db
    .select({ feature: franchiseFeatures.feature })
    .from(franchiseFeatures)
    .where(and(eq(franchiseFeatures.franchiseId, row.id), eq(franchiseFeatures.isEnabled, true)))
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    description: row.description,
    codeAlpha3: row.codeAlpha3,
    senderId: row.senderId,
    timezone: row.timezone,
    userId: row.userId,
    currencyCode: row.currencyCode,
    isOfficial: row.isOfficial,
    averageBasket: row.averageBasketCents / 100,
    averageBasketCents: row.averageBasketCents,
    loyaltyType: row.loyaltyType,
    features: features.map((f) => f.feature).sort(),
    theme: row.theme,
    customersQualification: row.customersQualification,
    tagScanInterval: row.tagScanInterval,
    maxPoints: row.maxPoints,
    hasMaxPointsEnabled: row.hasMaxPointsEnabled,
    allowStaticTags: row.allowStaticTags,
    staticTagDailyVisitCap: row.staticTagDailyVisitCap,
    newsMaxConcurrent: row.newsMaxConcurrent,
    smsQuietDays: row.smsQuietDays,
    publicHolidays: publicHolidaysFrom(row.codeAlpha3, localClock(new Date(), row.timezone).day, 366),
    dateCreated: row.dateCreated.toISOString(),
    lastModified: row.lastModified.toISOString(),
    canEdit,
  }
}

async function write(
  db: Db | Tx,
  tenant: Tenant,
  id: string,
  changes: Partial<Row>,
): Promise<FranchiseDetail> {
  const [row] = await db
    .update(franchises)
    .set({ ...changes, lastModified: new Date() })
    .where(scopedId(tenant, FRANCHISE_COLS, id))
    .returning()
  if (!row) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return franchiseDetail(db, row, true)
}

export async function updateFranchise(
  db: Db,
  tenant: Tenant,
  id: string,
  patch: FranchisePatch,
): Promise<FranchiseDetail> {
  const current = await scopedFranchise(db, tenant, id)
  const changes: Partial<Row> = {}
  if (patch.name !== undefined) changes.name = patch.name.trim()
  if (patch.description !== undefined) changes.description = patch.description.trim()
  if (patch.logo !== undefined) changes.logo = patch.logo
  if (patch.codeAlpha3 !== undefined) {
    // §3: the country decides the time zone (its first zone) and the currency.
    const d = countryDefaults(patch.codeAlpha3)!
    Object.assign(changes, {
      codeAlpha3: patch.codeAlpha3,
      timezone: d.timezone,
      currencyCode: d.currencyCode,
    })
  }
  if (patch.tagScanInterval !== undefined) changes.tagScanInterval = patch.tagScanInterval
  if (patch.maxPoints !== undefined) changes.maxPoints = patch.maxPoints
  if (patch.hasMaxPointsEnabled !== undefined) changes.hasMaxPointsEnabled = patch.hasMaxPointsEnabled
  if (patch.allowStaticTags !== undefined) changes.allowStaticTags = patch.allowStaticTags
  if (patch.staticTagDailyVisitCap !== undefined)
    changes.staticTagDailyVisitCap = patch.staticTagDailyVisitCap
  if (patch.newsMaxConcurrent !== undefined) changes.newsMaxConcurrent = patch.newsMaxConcurrent
  // A cap that is on must have a value, or the card's rule would be "at most nothing".
  const enabled = changes.hasMaxPointsEnabled ?? current.hasMaxPointsEnabled
  const maxPoints = changes.maxPoints !== undefined ? changes.maxPoints : current.maxPoints
  if (enabled && maxPoints === null)
    throw badRequest('VALIDATION_FAILED', 'Invalid body: maxPoints: is required when the cap is enabled', {
      field: 'maxPoints',
      in: 'body',
    })
  if (patch.averageBasket !== undefined) changes.averageBasketCents = toCents(patch.averageBasket)!
  if (Object.keys(changes).length === 0) return franchiseDetail(db, current, true)
  if (changes.currencyCode === undefined || changes.currencyCode === current.currencyCode)
    return write(db, tenant, id, changes)
  // A store's currency is its country's: a new country moves the franchise's stores to its currency.
  return db.transaction(async (tx) => {
    await tx
      .update(stores)
      .set({ currencyCode: changes.currencyCode, updatedAt: new Date() })
      .where(eq(stores.franchiseId, id))
    return write(tx, tenant, id, changes)
  })
}

export const updateTheme = (db: Db, tenant: Tenant, id: string, theme: FranchiseTheme) =>
  write(db, tenant, id, {
    theme: {
      primaryColor: theme.primaryColor.toLowerCase(),
      secondaryColor: theme.secondaryColor.toLowerCase(),
      tertiaryColor: theme.tertiaryColor.toLowerCase(),
    },
  })

export const setQualification = (db: Db, tenant: Tenant, id: string, q: ClientQualification) =>
  write(db, tenant, id, { customersQualification: q })

export async function setSenderId(
  db: Db,
  tenant: Tenant,
  id: string,
  senderId: string,
): Promise<FranchiseDetail> {
  const validity = checkSenderId(senderId)
  if (!validity.valid)
    throw badRequest(validity.code, `Invalid sender id: ${validity.code}`, { field: 'senderId', in: 'body' })
  const detail = await write(db, tenant, id, { senderId })
  // A change made by staff shows in the franchise panel's audit log.
  if (tenant.kind === 'staff')
    await recordAudit(db, {
      franchiseId: id,
      userId: tenant.userId,
      impostorOf: null,
      action: 'PATCH /api/v2/franchises/:id/sender-id',
      details: { senderId },
    })
  return detail
}
