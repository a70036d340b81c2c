// Accounts: sign-in, profile data, terms, password resets (sign-up: sign-up.ts).
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { LoginRequest, UserInfo, UserSettings } from '../../domain/auth'
import type { Locale } from '../../domain/locale'
import { isAdminRole } from '../../domain/roles'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/client'
import { categories, passwordResets, users } from '../db/schema'
import { AppError, notFound } from '../errors'
import { mailOf, recipientLocale } from './mail-templates'
import { hashPassword, verifyPassword } from './passwords'
import { clear, hit, type Limit, tooManyAttempts } from './rate-limit'
import { hashToken, type IssuedToken, issueToken, newSecret, revokeAllTokens } from './tokens'

export type LoginLimits = { perEmail: Limit; perAddress: Limit }
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perEmail: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 100, windowSeconds: 15 * 60 },
}

// Compared against when the e-mail is unknown, so that both cases take the same time.
const DUMMY_HASH = hashPassword('not-a-real-password-just-for-timing')

export async function login(
  db: Db,
  input: LoginRequest,
  address: string,
  limits = DEFAULT_LOGIN_LIMITS,
): Promise<IssuedToken> {
  const email = input.email.toLowerCase()
  const emailKey = `login:email:${email}`
  const waitAddress = await hit(db, `login:addr:${address}`, limits.perAddress)
  if (waitAddress) throw tooManyAttempts(waitAddress)
  const waitEmail = await hit(db, emailKey, limits.perEmail)
  if (waitEmail) throw tooManyAttempts(waitEmail)

  const [user] = await db.select().from(users).where(eq(users.email, email))
  let ok = false
  if (user) ok = await verifyPassword(user.passwordHash, input.password)
  else await verifyPassword(await DUMMY_HASH, input.password)
  if (!user || !ok) throw new AppError(401, 'LOGIN_FAILED', 'Wrong e-mail or password')
  await clear(db, emailKey)
  return issueToken(db, user.id)
}

export function toUserInfo(u: typeof users.$inferSelect): UserInfo {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    displayName: u.displayName,
    photoURL: u.photoUrl ?? null,
    hasAcceptedCGV: u.hasAcceptedCgv,
    isSubscribedRetailer: u.isSubscribedRetailer,
    isSuperAdmin: isAdminRole(u.role),
    stripeId: u.stripeId ?? null,
    data: {
      displayName: u.displayName,
      photoURL: u.photoUrl ?? null,
      email: u.email,
      settings: u.settings as UserSettings,
    },
  }
}

export async function getUser(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id))
  if (!u) throw notFound('USER_NOT_FOUND', 'User not found')
  return u
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id))
  return !!row
}

export async function updateUser(
  db: Db,
  id: string,
  patch: { displayName?: string | undefined; photoURL?: string | null | undefined },
) {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() }
  if (patch.displayName !== undefined) set.displayName = patch.displayName
  if (patch.photoURL !== undefined) set.photoUrl = patch.photoURL
  const [u] = await db.update(users).set(set).where(eq(users.id, id)).returning()
  if (!u) throw notFound('USER_NOT_FOUND', 'User not found')
  return u
}

/** Settings are merged, so one screen's change does not erase another's. */
export async function updateSettings(db: Db, id: string, settings: UserSettings) {
  const [u] = await db
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify(settings)}::jsonb`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  if (!u) throw notFound('USER_NOT_FOUND', 'User not found')
  return u
}

export async function acceptTerms(db: Db, id: string) {
  const [u] = await db
    .update(users)
    .set({ hasAcceptedCgv: true, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  if (!u) throw notFound('USER_NOT_FOUND', 'User not found')
  return u
}

export async function listCategories(db: Db) {
  const rows = await db.select().from(categories).orderBy(categories.nameEn)
  return rows.map((c) => ({
    id: c.id,
    name_fr: c.nameFr,
    name_en: c.nameEn,
    icon_source: c.iconSource,
    icon_name: c.iconName,
  }))
}

const RESET_TTL_MS = 60 * 60 * 1000

/** Always resolves the same way; a known e-mail gets a one-use link valid for an hour. */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  email: string,
  publicUrl: string,
  /** The request's language: the mail's when the account chose none. */
  locale: Locale,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
  if (!user) return
  const secret = newSecret()
  await db
    .insert(passwordResets)
    .values({ tokenHash: hashToken(secret), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
  const link = `${publicUrl}/pages/auth/reset-password?token=${encodeURIComponent(secret)}`
  const mail = mailOf('passwordReset', recipientLocale(user.settings.language, locale), {
    name: user.displayName || '',
    link,
  })
  await mailer.send(db, { to: user.email, ...mail })
}

export async function resetPassword(db: Db, secret: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(secret)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning()
    if (!reset)
      throw new AppError(400, 'RESET_LINK_INVALID', 'This link is invalid or has expired', { field: 'token' })
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId))
    await revokeAllTokens(tx as unknown as Db, reset.userId)
  })
}
