// The public landing page /e/<link> (issue 21): hostile ground. Every call is rate limited per address;
// codes are limited per phone by services/phone-codes.ts and here across pages; no point is credited
// before the phone is proven by the code; a registration is one transaction (the client, its CRM
// values, its consent, the ledger move and the counter) so the points are credited exactly once.
import { and, eq, sql } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import type { LandingInfo, RegisterInput, RegisterResult } from '../../domain/emarketing'
import { landingCodeText } from '../../domain/emarketing'
import { customerLocale } from '../../domain/locale'
import { normalisePhone } from '../../domain/phone'
import { todayIn } from '../../domain/today'
import type { Sms } from '../adapters/sms'
import type { Db, Tx } from '../db/client'
import {
  clients,
  emarketingDays,
  emarketingRegistrations,
  emarketings,
  franchises,
  loyaltyModels,
  smsOptOuts,
} from '../db/schema'
import { AppError, badRequest, conflict } from '../errors'
import { activeCrmFields, writeCrmValues } from './crm-values'
import { emarketingNotFound } from './emarketing'
import { runOnce } from './idempotency'
import { applyPoints } from './ledger'
import { confirmPhoneCode, type PhoneTarget, sendPhoneCode, spendPhoneProof } from './phone-codes'
import { hit, type Limit } from './rate-limit'

/**
 * Per address: a shop's Wi-Fi serves many customers reading the poster at once, a script is stopped.
 * Per phone: codes to one number across every page (each page's own limit is phone-codes.ts's).
 */
export type LandingLimits = { view: Limit; code: Limit; confirm: Limit; register: Limit; phone: Limit }
export const DEFAULT_LANDING_LIMITS: LandingLimits = {
  view: { max: 300, windowSeconds: 10 * 60 },
  code: { max: 10, windowSeconds: 60 * 60 },
  confirm: { max: 30, windowSeconds: 60 * 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  phone: { max: 10, windowSeconds: 24 * 60 * 60 },
}

export async function limitLanding(
  db: Db,
  kind: keyof LandingLimits,
  key: string,
  limits = DEFAULT_LANDING_LIMITS,
) {
  const wait = await hit(db, `emarketing:${kind}:${key}`, limits[kind])
  if (wait)
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.', { retryAfter: wait })
}

export type Page = { page: typeof emarketings.$inferSelect; franchise: typeof franchises.$inferSelect }

export async function pageOf(db: Db | Tx, slug: string): Promise<Page> {
  const [row] = await db
    .select({ page: emarketings, franchise: franchises })
    .from(emarketings)
    .innerJoin(franchises, eq(franchises.id, emarketings.franchiseId))
    .where(eq(emarketings.link, slug))
  if (!row) throw emarketingNotFound()
  return row
}

/** One more view or registration on the franchise's local day. */
async function count(db: Db | Tx, p: Page, what: 'views' | 'registrations', now: Date) {
  const day = todayIn(p.franchise.timezone, now)
  const column = emarketingDays[what]
  await db
    .insert(emarketingDays)
    .values({ emarketingId: p.page.id, franchiseId: p.page.franchiseId, day, [what]: 1 })
    .onConflictDoUpdate({
      target: [emarketingDays.emarketingId, emarketingDays.day, emarketingDays.franchiseId],
      set: { [what]: sql`${column} + 1` },
    })
}

/** GET /api/v2/public/emarketings/:slug: what the page shows; counts a visit. */
export async function landingInfo(db: Db, slug: string, now = new Date()): Promise<LandingInfo> {
  const p = await pageOf(db, slug)
  await count(db, p, 'views', now)
  return {
    link: p.page.link,
    franchiseName: p.franchise.name,
    logo: p.page.logo ?? p.franchise.logo,
    country: phoneCountry(p.franchise.codeAlpha3),
    theme: {
      primaryColor: p.page.primaryColor,
      secondaryColor: p.page.secondaryColor,
      tertiaryColor: p.page.tertiaryColor,
    },
    registrationPoints: p.page.registrationPoints,
    fields: await activeCrmFields(db, p.page.franchiseId),
  }
}

/** The phone typed on the page, as E.164 in the franchise's country; a 400 naming `phone` otherwise. */
export function phoneOfPage(p: Page, typed: string): string {
  const phone = normalisePhone(typed, phoneCountry(p.franchise.codeAlpha3))
  if (!phone) throw badRequest('INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
  return phone
}

const target = (p: Page, phone: string): PhoneTarget => ({ purpose: 'emarketing', scopeId: p.page.id, phone })

/**
 * POST …/phone-code: a code by SMS to the phone (after the per-phone limit), in the page's `language`
 * (issue 34: an English page sent a French SMS), else the franchise's.
 */
export async function sendLandingCode(db: Db, sms: Sms, p: Page, phone: string, language?: string | null) {
  await limitLanding(db, 'phone', phone)
  const lang = customerLocale(language, p.franchise.codeAlpha3)
  return sendPhoneCode(db, sms, {
    ...target(p, phone),
    from: p.franchise.senderId,
    franchiseId: p.franchise.id,
    text: (code) => landingCodeText(lang, p.franchise.name, code),
  })
}

/** POST …/phone-code/confirm. */
export const confirmLandingCode = (db: Db, p: Page, phone: string, code: string) =>
  confirmPhoneCode(db, { ...target(p, phone), code })

const alreadyClient = () =>
  conflict('ALREADY_CLIENT', 'You already have a loyalty card with us: nothing new to collect')

/**
 * POST …/register, in the route's transaction: the proven phone (its proof spent: one code, one
 * registration), then a new client (the phone's existing one is told it already has a card and earns
 * nothing), its CRM values, its consent, the registration points through the ledger, and the counter.
 * Issue 34: the e-mail is typed, not proven, so it decides nothing a stranger could read: another
 * client's address is not attached to the new client, and the answer is the same 201 either way.
 */
export async function register(
  tx: Tx,
  p: Page,
  input: RegisterInput,
  now = new Date(),
): Promise<RegisterResult> {
  const phone = phoneOfPage(p, input.phone)
  await spendPhoneProof(tx, { ...target(p, phone), proof: input.proof }, now)
  const franchiseId = p.page.franchiseId
  const [card] = await tx
    .select({ id: loyaltyModels.id })
    .from(loyaltyModels)
    .where(eq(loyaltyModels.franchiseId, franchiseId))
  if (!card) throw conflict('LOYALTY_PROGRAM_REQUIRED', 'This page gives no points yet')
  const email = input.email.trim().toLowerCase()
  const [existing] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.franchiseId, franchiseId), eq(clients.phone, phone)))
    .limit(1)
  if (existing) throw alreadyClient()
  const insert = (address: string | null) =>
    tx
      .insert(clients)
      .values({
        franchiseId,
        phone,
        email: address,
        lastName: input.lastName?.trim() ?? '',
        acquiredFrom: 'EMARKETING',
      })
      .onConflictDoNothing()
      .returning({ id: clients.id })
  // An e-mail another client holds meets its unique index: the client is made without it. A concurrent
  // registration of the same phone meets the phone's: the later one waits, inserts nothing twice, and
  // is an existing client.
  const client = (await insert(email))[0] ?? (await insert(null))[0]
  if (!client) throw alreadyClient()
  await writeCrmValues(tx, franchiseId, client.id, input.crmValues)
  // Consent feeds the campaigns' SMS rule (campaign-audience.ts, campaign-dispatch.ts): an opted-out
  // phone is never messaged. Unticked: opted out from the start; ticked: the customer's own opt-in.
  if (input.consent)
    await tx
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, phone)))
  else await tx.insert(smsOptOuts).values({ franchiseId, phone }).onConflictDoNothing()
  const moved = await applyPoints(tx, {
    franchiseId,
    clientId: client.id,
    storeId: null,
    type: 'emarketing',
    points: p.page.registrationPoints,
    reference: p.page.id,
    authorId: null,
    impostorOf: null,
    now,
  })
  // The client's primary key: a second credit for the same client cannot be recorded.
  await tx.insert(emarketingRegistrations).values({
    clientId: client.id,
    emarketingId: p.page.id,
    franchiseId,
    marketingConsent: input.consent,
    consentAt: input.consent ? now : null,
    transactionId: moved.transaction.id,
  })
  await count(tx, p, 'registrations', now)
  return {
    clientId: client.id,
    points: moved.transaction.points,
    balance: moved.client.points,
    firstName: moved.client.firstName,
  }
}

/**
 * POST …/register under its Idempotency-Key (issue 36 §4: the route calls one service): a retry with the
 * same key gets the first answer; the status is always 201.
 */
export const registerOnce = (
  db: Db,
  p: Page,
  input: RegisterInput,
  once: { key: string | undefined; hash: string },
) =>
  runOnce<RegisterResult>(db, { ...once, userId: p.page.id, statusCode: 201 }, (tx) => register(tx, p, input))
