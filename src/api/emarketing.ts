// E-marketing (SPEC §7 "Automated marketing and e-marketing"; issue 21) as seen from the browser: the
// merchant's set-up calls (20 s, §7) and the public landing page's calls (no token ever sent).
import type {
  Availability,
  Emarketing,
  EmarketingInput,
  LandingInfo,
  RegisterInput,
  RegisterResult,
} from '../domain/emarketing'
import type { Locale } from '../domain/locale'
import { call } from './client'

const TIMEOUT = 20_000
const opt = (signal?: AbortSignal) => ({ timeout: TIMEOUT, ...(signal ? { signal } : {}) })
const pub = (slug: string) => `/api/v2/public/emarketings/${encodeURIComponent(slug)}`

export const emarketingApi = {
  /** The user's franchise's page, or null before it is set up. */
  ofUser: (userId: string, signal?: AbortSignal) =>
    call<Emarketing | null>(`/api/v2/users/${encodeURIComponent(userId)}/emarketing`, opt(signal)),
  create: (input: EmarketingInput, signal?: AbortSignal) =>
    call<Emarketing>('/api/v2/emarketings', { method: 'POST', body: input, ...opt(signal) }),
  update: (id: string, input: EmarketingInput, signal?: AbortSignal) =>
    call<Emarketing>(`/api/v2/emarketings/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: input,
      ...opt(signal),
    }),
  availability: (id: string | null, link: string, signal?: AbortSignal) =>
    call<Availability>(
      id ? `/api/v2/emarketings/${encodeURIComponent(id)}/availability` : '/api/v2/emarketings/availability',
      { query: { link }, ...opt(signal) },
    ),
}

export const landingApi = {
  info: (slug: string, signal?: AbortSignal) =>
    call<LandingInfo>(pub(slug), { anonymous: true, ...opt(signal) }),
  /** The code SMS is written in the page's `language`. */
  sendCode: (slug: string, body: { phone: string; language: Locale }, signal?: AbortSignal) =>
    call<{ expiresAt: string; resendInSeconds: number }>(`${pub(slug)}/phone-code`, {
      method: 'POST',
      body,
      anonymous: true,
      ...opt(signal),
    }),
  confirmCode: (slug: string, phone: string, code: string, signal?: AbortSignal) =>
    call<{ proof: string; expiresAt: string }>(`${pub(slug)}/phone-code/confirm`, {
      method: 'POST',
      body: { phone, code },
      anonymous: true,
      ...opt(signal),
    }),
  /** `key`: one per attempt, so a retried request gets the first answer instead of "already a client". */
  register: (slug: string, input: RegisterInput, key: string, signal?: AbortSignal) =>
    call<RegisterResult>(`${pub(slug)}/register`, {
      method: 'POST',
      body: input,
      anonymous: true,
      headers: { 'idempotency-key': key },
      ...opt(signal),
    }),
}
