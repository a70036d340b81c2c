// The scan page's calls as its routes make them (routes/scan.ts): each takes what the request carries
// (the tag, the body, the Idempotency-Key, the value of the signed device cookie once its signature
// holds) and does the whole call, so that the route only parses and replies.
import type { PushTokenInput } from '../../domain/push'
import type { CollectInput, CollectResult, ScanCard } from '../../domain/scan'
import type { Sms } from '../adapters/sms'
import type { Db } from '../db/client'
import { checkKey, type Replayable, requestHash, runOnce } from './idempotency'
import { registerPushToken, unregisterPushToken } from './push-tokens'
import { collect, confirmBySms, tagIdOf } from './scan'
import { deviceOf } from './scan-devices'
import { ownerCard } from './scan-owner'

export type CollectCall = {
  uid: string
  input: CollectInput
  /** The Idempotency-Key header as sent. */
  idempotencyKey: string | undefined
  /** The device cookie's value (its signature checked), or null. */
  device: string | null
}

/**
 * POST /api/public/scan/:uid/collect: the collect once per Idempotency-Key, then (not on a replay) the
 * confirmation SMS after the commit. A failed SMS does not fail the collect: it goes to `smsFailed`.
 */
export async function collectAtTag(
  db: Db,
  sms: Sms,
  call: CollectCall,
  smsFailed: (err: Error) => void,
  now = new Date(),
): Promise<Replayable<CollectResult>> {
  const { uid, input } = call
  const key = checkKey(call.idempotencyKey)
  // Public callers have no user id: keys are per tag (an unknown tag is a 404 before any write).
  const userId = await tagIdOf(db, uid)
  const owner = await deviceOf(db, call.device)
  const result = await runOnce<CollectResult>(
    db,
    { key, userId, hash: requestHash('POST', `scan ${uid}`, input) },
    (tx) => collect(tx, uid, input, now, owner),
  )
  if (!result.replayed) await confirmBySms(db, sms, uid, result.body).catch((err) => smsFailed(err as Error))
  return result
}

/** GET /api/public/scan/:uid/card: the card of the phone the cookie's device proved (403 without). */
export async function cardOfDevice(db: Db, uid: string, device: string | null): Promise<ScanCard> {
  return ownerCard(db, uid, await deviceOf(db, device))
}

/** PUT /api/public/scan/device/push-token: the app's token for the client the cookie's device proved. */
export async function registerDevicePushToken(
  db: Db,
  device: string | null,
  input: PushTokenInput,
): Promise<void> {
  await registerPushToken(db, await deviceOf(db, device), input)
}

/** DELETE /api/public/scan/device/push-token. */
export async function unregisterDevicePushToken(db: Db, device: string | null, token: string): Promise<void> {
  await unregisterPushToken(db, await deviceOf(db, device), token)
}
