// A phone number proven by a one-time SMS code before a public page gives anything away (the landing
// page's registration points, a gift wheel spin). A target is (purpose, scope, phone): codes expire,
// a target is locked after too many wrong codes, sending is limited per target (each page adds its own
// per-address limits), and a confirmed code yields a proof the page's next call presents. Wrong tries
// are counted by one conditional UPDATE, so concurrent guesses cannot get past the limit.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { PHONE_CODE } from '../../domain/phone-codes'
import type { Sms } from '../adapters/sms'
import type { Db, Tx } from '../db/client'
import { phoneCodes } from '../db/schema'
import { AppError, badRequest, forbidden } from '../errors'

export type PhoneCodePurpose = 'emarketing' | 'game' | 'scan'
/** `phone` is already E.164 (the page normalised it in its franchise's country). */
export type PhoneTarget = { purpose: PhoneCodePurpose; scopeId: string; phone: string }

const MINUTE = 60_000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const codeHash = (rowId: string, code: string) => sha256(`${rowId}:${code}`)
const secondsUntil = (t: Date, now: Date) => Math.max(1, Math.ceil((t.getTime() - now.getTime()) / 1000))

const tooMany = (retryAfter: number) =>
  new AppError(429, 'PHONE_CODE_TOO_MANY', 'Too many codes for this number. Try again later.', { retryAfter })
const locked = (retryAfter: number) =>
  new AppError(429, 'PHONE_CODE_LOCKED', 'Too many wrong codes. Try again later.', { retryAfter })

const ofTarget = (t: PhoneTarget) =>
  and(eq(phoneCodes.purpose, t.purpose), eq(phoneCodes.scopeId, t.scopeId), eq(phoneCodes.phone, t.phone))

/** The target's lock, if a code of the last lock period reached the limit of wrong tries. */
async function lockedUntil(db: Db | Tx, target: PhoneTarget, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: phoneCodes.lockedUntil })
    .from(phoneCodes)
    .where(and(ofTarget(target), gt(phoneCodes.lockedUntil, now)))
    .orderBy(desc(phoneCodes.lockedUntil))
    .limit(1)
  return row?.until ?? null
}

/**
 * Sends a new code for the target (the previous ones stop working). 429 PHONE_CODE_TOO_MANY sooner
 * than `resendSeconds` after the last one or beyond `perHour`; 429 PHONE_CODE_LOCKED while locked.
 */
export async function sendPhoneCode(
  db: Db,
  sms: Sms,
  target: PhoneTarget & { from?: string | null; franchiseId?: string | null; text: (code: string) => string },
  now = new Date(),
): Promise<{ expiresAt: string; resendInSeconds: number }> {
  const code = String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0')
  const id = await db.transaction(async (tx) => {
    // One sender at a time per target: the count below and the insert cannot interleave.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${target.purpose}:${target.scopeId}:${target.phone}`}))`,
    )
    const until = await lockedUntil(tx, target, now)
    if (until) throw locked(secondsUntil(until, now))
    const recent = await tx
      .select({ sentAt: phoneCodes.sentAt })
      .from(phoneCodes)
      .where(and(ofTarget(target), gt(phoneCodes.sentAt, new Date(now.getTime() - 60 * MINUTE))))
      .orderBy(desc(phoneCodes.sentAt))
    const last = recent[0]?.sentAt
    if (last && now.getTime() - last.getTime() < PHONE_CODE.resendSeconds * 1000)
      throw tooMany(secondsUntil(new Date(last.getTime() + PHONE_CODE.resendSeconds * 1000), now))
    if (recent.length >= PHONE_CODE.perHour) {
      const oldest = recent[recent.length - 1]!.sentAt
      throw tooMany(secondsUntil(new Date(oldest.getTime() + 60 * MINUTE), now))
    }
    // Earlier codes of the target stop working: only the newest one counts.
    await tx
      .update(phoneCodes)
      .set({ expiresAt: now })
      .where(and(ofTarget(target), gt(phoneCodes.expiresAt, now), sql`${phoneCodes.confirmedAt} is null`))
    const rowId = randomUUID()
    await tx.insert(phoneCodes).values({
      id: rowId,
      purpose: target.purpose,
      scopeId: target.scopeId,
      phone: target.phone,
      codeHash: codeHash(rowId, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + PHONE_CODE.ttlMinutes * MINUTE),
    })
    return rowId
  })
  // Sent after the row is committed: a crash in between leaves a code nobody received, and the
  // customer asks for another one; the dedupe key keeps a retried send to one message.
  await sms.send(db, {
    to: target.phone,
    text: target.text(code),
    from: target.from ?? null,
    franchiseId: target.franchiseId ?? null,
    dedupeKey: `phone-code:${id}`,
  })
  return {
    expiresAt: new Date(now.getTime() + PHONE_CODE.ttlMinutes * MINUTE).toISOString(),
    resendInSeconds: PHONE_CODE.resendSeconds,
  }
}

/**
 * Checks a code against the target's newest live code. Right: a proof valid `proofTtlMinutes`. Wrong:
 * 400 PHONE_CODE_INVALID with the tries left, then 429 PHONE_CODE_LOCKED; none live: 400 PHONE_CODE_EXPIRED.
 */
export async function confirmPhoneCode(
  db: Db,
  target: PhoneTarget & { code: string },
  now = new Date(),
): Promise<{ proof: string; expiresAt: string }> {
  const until = await lockedUntil(db, target, now)
  if (until) throw locked(secondsUntil(until, now))
  const [live] = await db
    .select()
    .from(phoneCodes)
    .where(and(ofTarget(target), gt(phoneCodes.expiresAt, now), sql`${phoneCodes.confirmedAt} is null`))
    .orderBy(desc(phoneCodes.sentAt))
    .limit(1)
  if (!live)
    throw badRequest('PHONE_CODE_EXPIRED', 'This code has expired. Ask for a new one.', { field: 'code' })

  if (live.codeHash === codeHash(live.id, target.code)) {
    const proof = randomBytes(24).toString('base64url')
    const proofExpiresAt = new Date(now.getTime() + PHONE_CODE.proofTtlMinutes * MINUTE)
    // Only one confirmation per code, even when two arrive at once.
    const [done] = await db
      .update(phoneCodes)
      .set({ confirmedAt: now, proofHash: sha256(proof), proofExpiresAt })
      .where(and(eq(phoneCodes.id, live.id), sql`${phoneCodes.confirmedAt} is null`))
      .returning({ id: phoneCodes.id })
    if (!done)
      throw badRequest('PHONE_CODE_EXPIRED', 'This code was already used. Ask for a new one.', {
        field: 'code',
      })
    return { proof, expiresAt: proofExpiresAt.toISOString() }
  }

  const lockAt = new Date(now.getTime() + PHONE_CODE.lockMinutes * MINUTE)
  const [row] = await db
    .update(phoneCodes)
    .set({
      wrongTries: sql`${phoneCodes.wrongTries} + 1`,
      lockedUntil: sql`case when ${phoneCodes.wrongTries} + 1 >= ${PHONE_CODE.maxTries} then ${lockAt.toISOString()}::timestamptz else null end`,
      expiresAt: sql`case when ${phoneCodes.wrongTries} + 1 >= ${PHONE_CODE.maxTries} then ${now.toISOString()}::timestamptz else ${phoneCodes.expiresAt} end`,
    })
    .where(and(eq(phoneCodes.id, live.id), sql`${phoneCodes.wrongTries} < ${PHONE_CODE.maxTries}`))
    .returning({ wrongTries: phoneCodes.wrongTries })
  // A concurrent guess took the last try: the target is locked now.
  if (!row) throw locked(PHONE_CODE.lockMinutes * 60)
  throw badRequest('PHONE_CODE_INVALID', 'This code is not the one we sent.', {
    field: 'code',
    attemptsLeft: PHONE_CODE.maxTries - row.wrongTries,
  })
}

const notProven = () =>
  forbidden('Confirm your phone number with the code we sent first.', 'PHONE_NOT_CONFIRMED')

/**
 * Like assertPhoneProven, and the proof is spent: one code, one use (a registration). Inside the
 * caller's transaction, so a refused call (a bad field, a rollback) leaves the proof usable.
 */
export async function spendPhoneProof(
  db: Db | Tx,
  target: PhoneTarget & { proof: string },
  now = new Date(),
) {
  const [row] = await db
    .update(phoneCodes)
    .set({ proofHash: null, proofExpiresAt: null })
    .where(
      and(
        ofTarget(target),
        isNotNull(phoneCodes.confirmedAt),
        eq(phoneCodes.proofHash, sha256(target.proof)),
        gt(phoneCodes.proofExpiresAt, now),
      ),
    )
    .returning({ id: phoneCodes.id })
  if (!row) throw notProven()
}

/** 403 PHONE_NOT_CONFIRMED unless `proof` was handed out for this very target and is still valid. */
export async function assertPhoneProven(
  db: Db | Tx,
  target: PhoneTarget & { proof: string },
  now = new Date(),
) {
  const [row] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(
      and(
        ofTarget(target),
        isNotNull(phoneCodes.confirmedAt),
        eq(phoneCodes.proofHash, sha256(target.proof)),
        gt(phoneCodes.proofExpiresAt, now),
      ),
    )
    .limit(1)
  if (!row) throw notProven()
}
