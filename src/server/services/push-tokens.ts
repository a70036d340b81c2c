// The push registration tokens of a client's app installations (issue 35 §4). The app registers its
// token from a device that proved the client's phone (the scan page's device cookie, scan-devices.ts):
// no other proof of who the client is exists on the customer side. Registering marks the app as used
// (clients.app_last_used_at), which is the consent push campaigns check.
import { and, desc, eq } from 'drizzle-orm'
import type { PushTokenInput } from '../../domain/push'
import type { Db, Tx } from '../db/client'
import { clientPushTokens, clients } from '../db/schema'
import { AppError, notFound, unauthorized } from '../errors'
import { hit, type Limit } from './rate-limit'
import type { ScanDevice } from './scan-devices'

/** Registrations and removals per address (an app registers at start and when FCM rotates its token). */
export const PUSH_TOKEN_LIMIT: Limit = { max: 30, windowSeconds: 10 * 60 }

export async function limitPushTokens(db: Db, address: string, limit = PUSH_TOKEN_LIMIT) {
  const wait = await hit(db, `push-token:${address}`, limit)
  if (wait)
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.', { retryAfter: wait })
}

async function clientOf(db: Db | Tx, device: ScanDevice | null) {
  if (!device) throw unauthorized('Prove your phone on this device first', 'SCAN_DEVICE_REQUIRED')
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.franchiseId, device.franchiseId), eq(clients.phone, device.phone)))
  if (!client) throw notFound('CLIENT_NOT_FOUND', 'No client with this phone')
  return { franchiseId: device.franchiseId, clientId: client.id }
}

/** Registers (or refreshes) the installation's token for the device's client. */
export async function registerPushToken(
  db: Db,
  device: ScanDevice | null,
  input: PushTokenInput,
  now = new Date(),
): Promise<void> {
  const { franchiseId, clientId } = await clientOf(db, device)
  await db.transaction(async (tx) => {
    await tx
      .insert(clientPushTokens)
      .values({
        franchiseId,
        clientId,
        token: input.token,
        platform: input.platform,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [clientPushTokens.franchiseId, clientPushTokens.token],
        // The same installation now used by another client: the token follows the phone's owner.
        set: { clientId, platform: input.platform, updatedAt: now },
      })
    await tx.update(clients).set({ appLastUsedAt: now }).where(eq(clients.id, clientId))
  })
}

/** The app signed out or turned notifications off: that token goes (another client's is left alone). */
export async function unregisterPushToken(db: Db, device: ScanDevice | null, token: string): Promise<void> {
  const { franchiseId, clientId } = await clientOf(db, device)
  await db
    .delete(clientPushTokens)
    .where(
      and(
        eq(clientPushTokens.franchiseId, franchiseId),
        eq(clientPushTokens.clientId, clientId),
        eq(clientPushTokens.token, token),
      ),
    )
}

export type PushTarget = { id: string; token: string }

/** A client's tokens, the latest registered first (the installation in use now). */
export async function pushTokensOf(
  db: Db | Tx,
  franchiseId: string,
  clientId: string,
): Promise<PushTarget[]> {
  return db
    .select({ id: clientPushTokens.id, token: clientPushTokens.token })
    .from(clientPushTokens)
    .where(and(eq(clientPushTokens.franchiseId, franchiseId), eq(clientPushTokens.clientId, clientId)))
    .orderBy(desc(clientPushTokens.updatedAt), desc(clientPushTokens.id))
}

/** FCM said the token is gone for good (UNREGISTERED, invalid): it is never tried again. */
export async function dropPushToken(db: Db | Tx, id: string): Promise<void> {
  await db.delete(clientPushTokens).where(eq(clientPushTokens.id, id))
}
