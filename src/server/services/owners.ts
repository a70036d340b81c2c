// Store owners of a franchise (SPEC §6 "store owners are created by franchise managers"): create with an
// invitation e-mail, list, change their stores, unlink. Every query is scoped to the caller's franchise.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { franchiseLocale } from '../../domain/locale'
import type { Mailer } from '../adapters/mail'
import type { Db, Tx } from '../db/client'
import { outbox, passwordResets, storeOwners, stores, users } from '../db/schema'
import { conflict, notFound } from '../errors'
import { mailOf, recipientLocale, subjectsOf } from './mail-templates'
import { assertFranchise, homeFranchiseId, type Scope, scopedFranchise } from './scope'
import { hashToken, newSecret, revokeAllTokens } from './tokens'

/** The stored hash of an account whose owner has not chosen a password yet: it never verifies. */
export const NO_PASSWORD = ''
/** An invitation gives the new owner a week to choose a password (a reset link lives one hour). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

type OwnerUser = typeof users.$inferSelect

/** The franchise asked for (else the caller's first); another franchise's id is a 404. */
function franchiseFor(tenant: Scope, asked: string | undefined): string {
  const id = asked ?? homeFranchiseId(tenant)
  if (!id) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  assertFranchise(tenant, id)
  return id
}

/** The stores among `storeIds` that belong to the franchise; any other id is a 404. */
async function franchiseStores(db: Db | Tx, franchiseId: string, storeIds: string[]) {
  const ids = [...new Set(storeIds)]
  const rows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.franchiseId, franchiseId), inArray(stores.id, ids)))
  if (rows.length !== ids.length) throw notFound('STORE_NOT_FOUND', 'Store not found')
  return rows
}

const ownerEmailExists = () => conflict('OWNER_EMAIL_EXISTS', 'An owner with this e-mail already exists')

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.code ?? e.cause?.code) === '23505'
}

/** A one-use link to choose a password, through the password-reset page; only its hash is kept. */
export async function invitationLink(db: Db | Tx, userId: string, publicUrl: string): Promise<string> {
  const secret = newSecret()
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashToken(secret), userId, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
  return `${publicUrl}/pages/auth/reset-password?token=${encodeURIComponent(secret)}`
}

async function sendInvitation(
  db: Db,
  mailer: Mailer,
  input: {
    user: OwnerUser
    franchiseId: string
    franchiseName: string
    /** The franchise's country: its language, unless the owner chose one. */
    franchiseCountry: string
    storeNames: string[]
    publicUrl: string
  },
) {
  const link = await invitationLink(db, input.user.id, input.publicUrl)
  const locale = recipientLocale(input.user.settings?.language, franchiseLocale(input.franchiseCountry))
  const mail = mailOf('storeInvitation', locale, {
    name: input.user.displayName || '',
    franchise: input.franchiseName,
    stores: input.storeNames.join(', '),
    link,
  })
  await mailer.send(db, { to: input.user.email, franchiseId: input.franchiseId, ...mail })
}

export async function createOwner(
  db: Db,
  mailer: Mailer,
  tenant: Scope,
  input: {
    franchiseId?: string | undefined
    email: string
    displayName?: string | undefined
    storeIds: string[]
  },
  publicUrl: string,
) {
  const email = input.email.trim().toLowerCase()
  const franchise = await scopedFranchise(db, tenant, franchiseFor(tenant, input.franchiseId))
  const linked = await franchiseStores(db, franchise.id, input.storeIds)
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) throw ownerEmailExists()
  // The franchise's subscription covers its store owners, and the franchise manager accepted the terms
  // for the franchise: the new owner signs in as soon as a password is chosen (§4 login checks).
  const [manager] = franchise.userId
    ? await db.select().from(users).where(eq(users.id, franchise.userId))
    : []
  let user: OwnerUser
  try {
    user = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: NO_PASSWORD,
          role: 'STORE_OWNER',
          displayName: input.displayName?.trim() ?? '',
          hasAcceptedCgv: true,
          isSubscribedRetailer: manager?.isSubscribedRetailer ?? false,
        })
        .returning()
      await tx
        .insert(storeOwners)
        .values(linked.map((s) => ({ franchiseId: franchise.id, storeId: s.id, userId: u!.id })))
      return u!
    })
  } catch (error) {
    // Two requests with the same e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw ownerEmailExists()
    throw error
  }
  await sendInvitation(db, mailer, {
    user,
    franchiseId: franchise.id,
    franchiseName: franchise.name,
    franchiseCountry: franchise.codeAlpha3,
    storeNames: linked.map((s) => s.name),
    publicUrl,
  })
  return (await ownersByIds(db, franchise.id, [user.id]))[0]!
}

/** The rows of the given users as store owners of the franchise (their stores there only). */
async function ownersByIds(db: Db | Tx, franchiseId: string, ids: string[]) {
  if (ids.length === 0) return []
  const [people, links] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    db
      .select({ userId: storeOwners.userId, id: stores.id, name: stores.name })
      .from(storeOwners)
      .innerJoin(stores, eq(stores.id, storeOwners.storeId))
      .where(and(eq(storeOwners.franchiseId, franchiseId), inArray(storeOwners.userId, ids)))
      .orderBy(asc(stores.name)),
  ])
  const byId = new Map(people.map((u) => [u.id, u]))
  return ids.flatMap((id) => {
    const u = byId.get(id)
    if (!u) return []
    const hasPassword = u.passwordHash !== NO_PASSWORD
    return [
      {
        id: u.id,
        email: u.email,
        displayName: u.displayName,
        stores: links.filter((l) => l.userId === id).map((l) => ({ id: l.id, name: l.name })),
        createdAt: u.createdAt.toISOString(),
        hasPassword,
        status: hasPassword ? ('active' as const) : ('invited' as const),
      },
    ]
  })
}

export async function listOwners(
  db: Db,
  tenant: Scope,
  q: { franchiseId?: string | undefined; search: string; page: number; size: number },
) {
  const input = { ...q, franchiseId: franchiseFor(tenant, q.franchiseId) }
  const search = input.search.trim()
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = and(
    eq(users.role, 'STORE_OWNER'),
    sql`exists (select 1 from ${storeOwners} where ${storeOwners.userId} = ${users.id} and ${storeOwners.franchiseId} = ${input.franchiseId})`,
    search ? or(ilike(users.email, like), ilike(users.displayName, like)) : undefined,
  )
  const [total] = await db.select({ n: count() }).from(users).where(where)
  const page = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.email))
    .limit(input.size)
    .offset((input.page - 1) * input.size)
  return {
    data: await ownersByIds(
      db,
      input.franchiseId,
      page.map((r) => r.id),
    ),
    metadata: { page: input.page, size: input.size, total: Number(total?.n ?? 0) },
  }
}

/** A store owner of this franchise, or a 404 (another franchise's owner does not exist for the caller). */
async function ownerOf(db: Db | Tx, franchiseId: string, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(storeOwners, eq(storeOwners.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'STORE_OWNER'), eq(storeOwners.franchiseId, franchiseId)))
    .limit(1)
  if (!row) throw notFound('OWNER_NOT_FOUND', 'Owner not found')
  return row
}

/** Replaces the owner's stores in this franchise (links to other franchises' stores stay). */
export async function updateOwnerStores(
  db: Db,
  tenant: Scope,
  asked: string | undefined,
  id: string,
  storeIds: string[],
) {
  const franchiseId = franchiseFor(tenant, asked)
  await ownerOf(db, franchiseId, id)
  const linked = await franchiseStores(db, franchiseId, storeIds)
  await db.transaction(async (tx) => {
    await tx
      .delete(storeOwners)
      .where(and(eq(storeOwners.userId, id), eq(storeOwners.franchiseId, franchiseId)))
    await tx.insert(storeOwners).values(linked.map((s) => ({ franchiseId, storeId: s.id, userId: id })))
  })
  return (await ownersByIds(db, franchiseId, [id]))[0]!
}

/**
 * Unlinks the owner from this franchise's stores. The account stays (it may own stores elsewhere), but
 * its sessions end so that the removed rights take effect now.
 */
export async function unlinkOwner(db: Db, tenant: Scope, asked: string | undefined, id: string) {
  const franchiseId = franchiseFor(tenant, asked)
  await ownerOf(db, franchiseId, id)
  await db
    .delete(storeOwners)
    .where(and(eq(storeOwners.userId, id), eq(storeOwners.franchiseId, franchiseId)))
  await revokeAllTokens(db, id)
}

/** A new invitation link for an owner who has not chosen a password yet. */
export async function resendInvitation(
  db: Db,
  mailer: Mailer,
  tenant: Scope,
  asked: string | undefined,
  id: string,
  publicUrl: string,
) {
  const franchiseId = franchiseFor(tenant, asked)
  await ownerOf(db, franchiseId, id)
  const franchise = await scopedFranchise(db, tenant, franchiseId)
  const [user] = await db.select().from(users).where(eq(users.id, id))
  if (!user) throw notFound('OWNER_NOT_FOUND', 'Owner not found')
  if (user.passwordHash !== NO_PASSWORD)
    throw conflict('OWNER_ALREADY_ACTIVE', 'This owner has already chosen a password')
  const [row] = await ownersByIds(db, franchiseId, [id])
  await sendInvitation(db, mailer, {
    user,
    franchiseId,
    franchiseName: franchise.name,
    franchiseCountry: franchise.codeAlpha3,
    storeNames: row!.stores.map((s) => s.name),
    publicUrl,
  })
  return row!
}

/**
 * The latest invitation in the local outbox (the offline mail adapter's delivery: §Design adapters): the
 * franchise manager reads it there and hands it over. A real mail provider delivers it; then there is none.
 */
export async function latestInvitation(
  db: Db,
  mailer: Mailer,
  tenant: Scope,
  asked: string | undefined,
  id: string,
) {
  if (mailer.kind !== 'local') throw notFound('INVITATION_NOT_FOUND', 'No invitation kept here')
  const franchiseId = franchiseFor(tenant, asked)
  await ownerOf(db, franchiseId, id)
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id))
  const [mail] = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.franchiseId, franchiseId),
        eq(outbox.channel, 'email'),
        eq(outbox.recipient, user!.email),
        inArray(outbox.subject, subjectsOf('storeInvitation')),
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1)
  if (!mail) throw notFound('INVITATION_NOT_FOUND', 'No invitation was sent')
  return {
    recipient: mail.recipient,
    subject: mail.subject,
    body: mail.body,
    sentAt: mail.sentAt?.toISOString() ?? null,
    link: /https?:\/\/\S+reset-password\?token=\S+/.exec(mail.body)?.[0] ?? null,
  }
}
