// Self sign-up (issue 34). The answer is the same for a new and a known e-mail ("check your e-mail"):
// a new address gets a one-time link that creates the account, a known one a notice. Both paths hash
// the password and send one mail, so neither the answer nor its time tells who has an account.
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { SignUpRequest } from '../../domain/auth'
import type { Locale } from '../../domain/locale'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/client'
import { signUpConfirmations, users } from '../db/schema'
import { AppError } from '../errors'
import { mailOf, recipientLocale } from './mail-templates'
import { hashPassword } from './passwords'
import { hit, type Limit, tooManyAttempts } from './rate-limit'
import { hashToken, type IssuedToken, issueToken, newSecret } from './tokens'

export type SignUpLimits = { perEmail: Limit; perAddress: Limit }
export const DEFAULT_SIGN_UP_LIMITS: SignUpLimits = {
  perEmail: { max: 3, windowSeconds: 60 * 60 },
  perAddress: { max: 10, windowSeconds: 60 * 60 },
}

export const SIGN_UP_LINK_TTL_MS = 24 * 60 * 60 * 1000

export async function signUp(
  db: Db,
  mailer: Mailer,
  input: SignUpRequest,
  context: {
    address: string
    publicUrl: string
    /** The request's language: the mail's (a known account's own choice wins). */
    locale: Locale
    limits?: SignUpLimits
    /** The argon2id hash (tests count its calls). */
    hash?: (password: string) => Promise<string>
  },
): Promise<void> {
  const hash = context.hash ?? hashPassword
  const limits = context.limits ?? DEFAULT_SIGN_UP_LIMITS
  const email = input.email.trim().toLowerCase()
  // Counted before the hash: past the limit a flood costs no argon2 work and sends no mail.
  const waitAddress = await hit(db, `signup:addr:${context.address}`, limits.perAddress)
  if (waitAddress) throw tooManyAttempts(waitAddress, 'sign-up attempts')
  const waitEmail = await hit(db, `signup:email:${email}`, limits.perEmail)
  if (waitEmail) throw tooManyAttempts(waitEmail, 'sign-up attempts')

  // Hashed whichever way it goes: the known e-mail's path must cost the same time.
  const passwordHash = await hash(input.password)
  const [known] = await db
    .select({ id: users.id, settings: users.settings })
    .from(users)
    .where(eq(users.email, email))
  if (known) {
    const locale = recipientLocale(known.settings.language, context.locale)
    await mailer.send(db, { to: email, ...mailOf('signUpNotice', locale, { publicUrl: context.publicUrl }) })
    return
  }
  const secret = newSecret()
  await db.insert(signUpConfirmations).values({
    tokenHash: hashToken(secret),
    email,
    passwordHash,
    displayName: input.displayName,
    expiresAt: new Date(Date.now() + SIGN_UP_LINK_TTL_MS),
  })
  const link = `${context.publicUrl}/register/confirm?token=${encodeURIComponent(secret)}`
  await mailer.send(db, { to: email, ...mailOf('signUpConfirm', context.locale, { link }) })
}

const invalidLink = () =>
  new AppError(400, 'SIGN_UP_LINK_INVALID', 'This link is invalid or has expired', { field: 'token' })

/**
 * The mailed link: spends it and creates the account (a franchise owner who has not accepted the terms:
 * REGISTERED, §4), signed in. An address that got its account meanwhile (an earlier link) is told the
 * link no longer works; its owner logs in.
 */
export async function confirmSignUp(db: Db, secret: string): Promise<IssuedToken> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const [pending] = await tx
      .update(signUpConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(signUpConfirmations.tokenHash, hashToken(secret)),
          isNull(signUpConfirmations.usedAt),
          gt(signUpConfirmations.expiresAt, now),
        ),
      )
      .returning()
    if (!pending) throw invalidLink()
    const [user] = await tx
      .insert(users)
      .values({
        email: pending.email,
        passwordHash: pending.passwordHash,
        role: 'FRANCHISE_OWNER',
        displayName: pending.displayName,
        hasAcceptedCgv: false,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (!user) throw invalidLink()
    return issueToken(tx as unknown as Db, user.id)
  })
}
