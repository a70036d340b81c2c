// The scan page shows a client's name, balance and coupons only to the phone's owner (issue 24 #4):
// a device proves the phone with a one-time SMS code (phone-codes.ts), then is remembered by a cookie
// holding a row id and a random token — signed with the server's cookie key (COOKIE_SECRET) and
// stored hashed, so it can be neither forged nor read back from the database, and revoked ("not you?",
// or a merchant forgetting the client's devices) by its row.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { scanDevices } from '../db/schema'

export const SCAN_DEVICE_COOKIE = 'scan_device'
/** How long a proven device is remembered. */
export const SCAN_DEVICE_DAYS = 90

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const UUID = /^[0-9a-f-]{36}$/

export type ScanDevice = { id: string; franchiseId: string; phone: string }

/** Remembers a device for the proven phone of a franchise; the value goes into the (signed) cookie. */
export async function rememberDevice(
  db: Db | Tx,
  target: { franchiseId: string; phone: string },
  now = new Date(),
): Promise<{ value: string; expiresAt: Date }> {
  const id = randomUUID()
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(now.getTime() + SCAN_DEVICE_DAYS * 86_400_000)
  await db.insert(scanDevices).values({
    id,
    franchiseId: target.franchiseId,
    phone: target.phone,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt,
  })
  return { value: `${id}.${token}`, expiresAt }
}

/** The live device a cookie value names (its signature already checked), or null. */
export async function deviceOf(db: Db | Tx, value: string | null | undefined, now = new Date()) {
  const [id, token] = (value ?? '').split('.')
  if (!id || !token || !UUID.test(id)) return null
  const [row] = await db
    .select({ id: scanDevices.id, franchiseId: scanDevices.franchiseId, phone: scanDevices.phone })
    .from(scanDevices)
    .where(
      and(
        eq(scanDevices.id, id),
        eq(scanDevices.tokenHash, sha256(token)),
        isNull(scanDevices.revokedAt),
        gt(scanDevices.expiresAt, now),
      ),
    )
  return (row as ScanDevice | undefined) ?? null
}

/** "Not you?": the device forgets the phone (its cookie no longer works anywhere). */
export async function forgetDevice(db: Db | Tx, value: string | null | undefined, now = new Date()) {
  const device = await deviceOf(db, value, now)
  if (device) await db.update(scanDevices).set({ revokedAt: now }).where(eq(scanDevices.id, device.id))
}
