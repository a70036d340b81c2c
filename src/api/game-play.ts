// The public play page's calls (issue 22): no token is ever sent, the customer is not signed in.
import { PublicGame, SpinResult } from '../domain/game-wheel'
import type { Locale } from '../domain/locale'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (id: string) => `/api/v2/public/games/${encodeURIComponent(id)}`

export const gamePlayApi = {
  game: (id: string, signal?: AbortSignal) => call(path(id), { anonymous: true, ...opt(signal) }, PublicGame),
  sendCode: (id: string, body: { phone: string; language: Locale }, signal?: AbortSignal) =>
    call<{ expiresAt: string; resendInSeconds: number }>(`${path(id)}/phone-code`, {
      method: 'POST',
      body,
      anonymous: true,
      ...opt(signal),
    }),
  confirmCode: (id: string, phone: string, code: string, signal?: AbortSignal) =>
    call<{ proof: string; expiresAt: string }>(`${path(id)}/phone-code/confirm`, {
      method: 'POST',
      body: { phone, code },
      anonymous: true,
      ...opt(signal),
    }),
  spin: (
    id: string,
    body: { phone: string; proof: string; storeId?: string; language: Locale },
    signal?: AbortSignal,
  ) => call(`${path(id)}/spin`, { method: 'POST', body, anonymous: true, ...opt(signal) }, SpinResult),
}
