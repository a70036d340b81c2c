// Presence codes (issue 16 #5): the proof that a customer collecting a visit stands in the store. The
// tag's scanner screen shows a code that changes every window (src/domain/scan.ts): a truncated
// HMAC-SHA256 of the tag and the window's index under the tag's own secret, which never leaves the
// server. Nothing is stored per code: the current and the grace windows are recomputed and compared.
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  acceptedPresenceWindows,
  PRESENCE_CODE_LENGTH,
  type PresenceCode,
  presenceWindow,
  presenceWindowEnd,
} from '../../domain/scan'

export type PresenceTag = { id: string; presenceSecret: string }

export function presenceCodeFor(tag: PresenceTag, window: number): string {
  return createHmac('sha256', tag.presenceSecret)
    .update(`${tag.id}:${window}`)
    .digest('base64url')
    .slice(0, PRESENCE_CODE_LENGTH)
}

/** The code the scanner screen shows now, and when the next one starts. */
export function currentPresenceCode(tag: PresenceTag, now: Date): PresenceCode {
  const window = presenceWindow(now.getTime())
  const end = presenceWindowEnd(window)
  return {
    code: presenceCodeFor(tag, window),
    expiresAt: new Date(end).toISOString(),
    refreshInMs: end - now.getTime(),
  }
}

/** Whether a code is this tag's, of the current window or of the grace; compared in constant time. */
export function isPresenceCodeValid(tag: PresenceTag, code: string | undefined, now: Date): boolean {
  if (!code) return false
  const given = Buffer.from(code)
  if (given.length !== PRESENCE_CODE_LENGTH) return false
  let valid = false
  // Every accepted window is compared (no early exit): the time taken says nothing about which matched.
  for (const window of acceptedPresenceWindows(now.getTime()))
    if (timingSafeEqual(given, Buffer.from(presenceCodeFor(tag, window)))) valid = true
  return valid
}
