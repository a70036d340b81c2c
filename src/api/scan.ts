// The customer scan page's public calls (no token is ever sent: the customer is not signed in).

import type { Locale } from '../domain/locale'
import { Opinion, type OpinionInput } from '../domain/opinions'
import { PhoneCodeSent } from '../domain/phone-codes'
import { type CollectInput, CollectResult, ScanCard, ScanInfo, ScanPhoneConfirmed } from '../domain/scan'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (uid: string) => `/api/public/scan/${encodeURIComponent(uid)}`

export const scanApi = {
  info: (uid: string, signal?: AbortSignal) => call(path(uid), { anonymous: true, ...opt(signal) }, ScanInfo),
  collect: (
    uid: string,
    body: { phone: string; receiptId: string | null; code: string | null },
    signal?: AbortSignal,
  ) => {
    const input: CollectInput = {
      phone: body.phone,
      ...(body.receiptId ? { receiptId: body.receiptId } : {}),
      ...(body.code ? { code: body.code } : {}),
    }
    return call(
      `${path(uid)}/collect`,
      {
        method: 'POST',
        body: input,
        anonymous: true,
        // A replay of this very request (a proxy or browser retry) gets the first answer, not a second credit.
        headers: { 'idempotency-key': `scan-${crypto.randomUUID()}` },
        ...opt(signal),
      },
      CollectResult,
    )
  },
  /** Issue 24 #4: a one-time code to the phone, to prove it is the customer's. */
  sendCode: (uid: string, body: { phone: string; language: Locale }, signal?: AbortSignal) =>
    call(`${path(uid)}/phone-code`, { method: 'POST', body, anonymous: true, ...opt(signal) }, PhoneCodeSent),
  /** Right code: the server remembers this device (a cookie) for the phone. */
  confirmCode: (uid: string, body: { phone: string; code: string }, signal?: AbortSignal) =>
    call(
      `${path(uid)}/phone-code/confirm`,
      { method: 'POST', body, anonymous: true, ...opt(signal) },
      ScanPhoneConfirmed,
    ),
  /** The card of the phone this device proved. */
  card: (uid: string, signal?: AbortSignal) =>
    call(`${path(uid)}/card`, { anonymous: true, ...opt(signal) }, ScanCard),
  /** "Not you?": this device forgets the phone. */
  forgetDevice: () => call('/api/public/scan/device', { method: 'DELETE', anonymous: true }),
  /** SPEC §7 "Stores": the customer's opinion of the store, after collecting. */
  leaveOpinion: (storeId: string, body: OpinionInput, signal?: AbortSignal) =>
    call(
      `/api/stores/${storeId}/storeOpinions`,
      { method: 'POST', body, anonymous: true, timeout: 60_000, ...opt(signal) },
      Opinion,
    ),
}
