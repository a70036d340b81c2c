// E-marketing set-up (issue 21, SPEC §7 "Automated marketing and e-marketing"): one landing page per
// franchise, under a link unique across franchises. Needs a loyalty programme (§6): a page that gives
// points needs a card to hold them. A foreign franchise or page is a 404, as if it did not exist.
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  type Availability,
  type Emarketing,
  type EmarketingCounts,
  type EmarketingInput,
  isSlug,
} from '../../domain/emarketing'
import type { Db, Tx } from '../db/client'
import { emarketingDays, emarketings, loyaltyModels, users } from '../db/schema'
import { AppError, conflict, notFound } from '../errors'
import { isUniqueViolation } from './owners'
import { franchiseIdsOf, inScope, type Scope, scopedFranchise, scopedId } from './scope'

type Row = typeof emarketings.$inferSelect
type Caller = Scope & { userId: string }

export const emarketingNotFound = () => notFound('EMARKETING_NOT_FOUND', 'E-marketing not found')
const COLS = { id: emarketings.id, franchiseId: emarketings.franchiseId }

async function countsOf(db: Db | Tx, franchiseId: string, id: string): Promise<EmarketingCounts> {
  const [row] = await db
    .select({
      visits: sql<number>`coalesce(sum(${emarketingDays.views}), 0)::int`,
      registrations: sql<number>`coalesce(sum(${emarketingDays.registrations}), 0)::int`,
    })
    .from(emarketingDays)
    .where(and(eq(emarketingDays.franchiseId, franchiseId), eq(emarketingDays.emarketingId, id)))
  return { visits: Number(row?.visits ?? 0), registrations: Number(row?.registrations ?? 0) }
}

async function toEmarketing(db: Db | Tx, r: Row): Promise<Emarketing> {
  return {
    id: r.id,
    franchiseId: r.franchiseId,
    logo: r.logo,
    link: r.link,
    primaryColor: r.primaryColor,
    secondaryColor: r.secondaryColor,
    tertiaryColor: r.tertiaryColor,
    registrationPoints: r.registrationPoints,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    counts: await countsOf(db, r.franchiseId, r.id),
  }
}

/** The unique link index is the last word when two merchants race for the same link. */
function linkTaken(err: unknown): never {
  if (!isUniqueViolation(err)) throw err
  const e = err as {
    constraint?: string
    message?: string
    cause?: { constraint?: string; message?: string }
  }
  const name = `${e.constraint ?? e.cause?.constraint ?? ''} ${e.message ?? ''} ${e.cause?.message ?? ''}`
  if (name.includes('emarketings_franchise_key'))
    throw conflict('EMARKETING_EXISTS', 'This franchise already has an e-marketing page')
  throw new AppError(409, 'EMARKETING_LINK_TAKEN', 'This link is already taken', { field: 'link' })
}

async function assertLoyaltyProgramme(db: Db | Tx, franchiseId: string) {
  const [card] = await db
    .select({ id: loyaltyModels.id })
    .from(loyaltyModels)
    .where(eq(loyaltyModels.franchiseId, franchiseId))
  if (!card)
    throw conflict('LOYALTY_PROGRAM_REQUIRED', 'E-marketing needs a loyalty program (set up the card first)')
}

const values = (input: EmarketingInput) => ({
  logo: input.logo ?? null,
  link: input.link,
  primaryColor: input.primaryColor,
  secondaryColor: input.secondaryColor,
  tertiaryColor: input.tertiaryColor,
  registrationPoints: input.registrationPoints,
})

/** POST /api/v2/emarketings. */
export async function createEmarketing(db: Db, caller: Caller, input: EmarketingInput): Promise<Emarketing> {
  const franchise = await scopedFranchise(db, caller, input.franchiseId)
  await assertLoyaltyProgramme(db, franchise.id)
  const [row] = await db
    .insert(emarketings)
    .values({ franchiseId: franchise.id, userId: caller.userId, ...values(input) })
    .returning()
    .catch(linkTaken)
  return toEmarketing(db, row!)
}

/** PUT /api/v2/emarketings/{id}: the page keeps its franchise. */
export async function updateEmarketing(
  db: Db,
  caller: Caller,
  id: string,
  input: EmarketingInput,
): Promise<Emarketing> {
  const [row] = await db
    .update(emarketings)
    .set({ ...values(input), updatedAt: new Date() })
    .where(and(scopedId(caller, COLS, id), eq(emarketings.franchiseId, input.franchiseId)))
    .returning()
    .catch(linkTaken)
  if (!row) throw emarketingNotFound()
  return toEmarketing(db, row)
}

/**
 * GET api/v2/users/{id}/emarketing: the page of the user's franchise. The user is the caller, or for
 * staff any user; none yet is null (§8's "EMARKETING_NOT_FOUND treated as empty", answered 200 since
 * issue 34: a page not set up is no error).
 */
export async function emarketingOfUser(db: Db, caller: Caller, userId: string): Promise<Emarketing | null> {
  if (userId !== caller.userId) {
    const [user] = caller.everyFranchise
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      : []
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found')
  }
  const franchiseIds = await franchiseIdsOf(db, userId)
  if (!franchiseIds.length) return null
  const [row] = await db
    .select()
    .from(emarketings)
    .where(and(inArray(emarketings.franchiseId, franchiseIds), inScope(caller, COLS)))
    .orderBy(emarketings.createdAt)
    .limit(1)
  return row ? toEmarketing(db, row) : null
}

/**
 * GET /api/v2/emarketings/{id}/availability?link= (and without an id, before the page exists): whether
 * the link is well formed and free. The page's own link is available to it.
 */
export async function linkAvailability(
  db: Db,
  caller: Caller,
  id: string | null,
  link: string,
): Promise<Availability> {
  if (id) {
    const [own] = await db
      .select({ id: emarketings.id })
      .from(emarketings)
      .where(scopedId(caller, COLS, id))
    if (!own) throw emarketingNotFound()
  }
  const normal = link.trim().toLowerCase()
  if (!isSlug(normal)) return { link: normal, isValid: false, isAvailable: false }
  const [taken] = await db
    .select({ id: emarketings.id })
    .from(emarketings)
    .where(and(eq(emarketings.link, normal), id ? ne(emarketings.id, id) : undefined))
  return { link: normal, isValid: true, isAvailable: !taken }
}
