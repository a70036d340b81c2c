// SPEC §7 "Auth and users" as seen from the browser.
import { array } from 'superstruct'
import {
  Category,
  IpLocationResponse,
  LoginResponse,
  Me,
  PaymentLinkResponse,
  PaymentUrlResponse,
  SessionStart,
  SignUpSentResponse,
  SubscriptionCheckResponse,
  UserInfo,
  type UserSettings,
} from '../domain/auth'
import { SubscriptionDetail } from '../domain/subscription'
import { call } from './client'

const anon = { anonymous: true } as const

export const authApi = {
  login: (email: string, password: string, signal?: AbortSignal) =>
    call(
      '/api/users/login',
      { ...anon, method: 'POST', body: { email, password }, ...(signal ? { signal } : {}) },
      LoginResponse,
    ),
  logout: () => call<void>('/api/users/logout', { method: 'POST' }),
  /** Sends the sign-up link (or, for a known e-mail, a notice): the same answer either way. */
  signUp: (body: { email: string; password: string; displayName: string }, signal?: AbortSignal) =>
    call('/api/users', { ...anon, method: 'POST', body, ...(signal ? { signal } : {}) }, SignUpSentResponse),
  /** The mailed sign-up link: creates the account and answers its token, as a login does. */
  confirmSignUp: (token: string, signal?: AbortSignal) =>
    call(
      '/api/users/confirm',
      { ...anon, method: 'POST', body: { token }, ...(signal ? { signal } : {}) },
      LoginResponse,
    ),
  requestPasswordReset: (email: string) =>
    call('/request-password-reset', { ...anon, method: 'POST', body: { email } }),
  resetPassword: (token: string, password: string) =>
    call<void>('/api/users/reset-password', { ...anon, method: 'POST', body: { token, password } }),
  /** Who the token belongs to, with the user's data, franchises, stores and categories, in one call. */
  // Not an early read: it carries the account's settings, and a setting saved just before a reload
  // must not be overtaken by a read sent at the next start (the server's settings win at sign-in).
  session: (signal?: AbortSignal) => call('/api/v2/users/me/session', signal ? { signal } : {}, SessionStart),
  me: (signal?: AbortSignal) => call('/api/v2/users/me', signal ? { signal } : {}, Me),
  userInfo: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/users/${id}/info`, signal ? { signal } : {}, UserInfo),
  updateSettings: (id: string, settings: UserSettings) =>
    call(`/api/v2/users/${id}/info`, { method: 'PATCH', body: { settings } }, UserInfo),
  updateUser: (id: string, patch: { displayName?: string; photoURL?: string | null }) =>
    call(`/api/users/${id}`, { method: 'PATCH', body: patch }, UserInfo),
  acceptTerms: () => call('/api/v2/users/accept-terms', { method: 'PATCH' }, UserInfo),
  categories: (signal?: AbortSignal) => call('/api/Categories', signal ? { signal } : {}, array(Category)),
  encodeToken: (userId: string, impostorId: string) =>
    call('/api/v2/token/encode', { method: 'POST', body: { userId, impostorId } }, LoginResponse),
  subscriptionCheck: (signal?: AbortSignal) =>
    call('/api/v2/users/me/subscription', signal ? { signal } : {}, SubscriptionCheckResponse),
  paymentLinks: () => call('/stripe/payment-links', {}, array(PaymentLinkResponse)),
  paymentLink: (productId: string, userId?: string) =>
    call(
      `/stripe/payment-links/${encodeURIComponent(productId)}`,
      userId ? { query: { userId } } : {},
      PaymentUrlResponse,
    ),
  subscription: (userId?: string) =>
    call('/stripe/subscriptions', userId ? { query: { userId } } : {}, SubscriptionDetail),
  /** Cancel at the period's end (true) or resume before it (false): the subscription as it now is. */
  changeRenewal: (cancel: boolean) =>
    call(`/stripe/subscriptions/${cancel ? 'cancel' : 'resume'}`, { method: 'POST' }, SubscriptionDetail),
  /** Stripe's customer portal for the caller's subscription (card, invoices, cancel, resume). */
  portalSession: () => call('/stripe/portal-sessions', { method: 'POST' }, PaymentUrlResponse),
}

export const geoApi = {
  /** §7 IP geolocation through the server's geo adapter (2 s time-out, France by default). */
  locate: (signal?: AbortSignal) =>
    call(
      '/api/v2/geo/ip',
      { anonymous: true, timeout: 2500, ...(signal ? { signal } : {}) },
      IpLocationResponse,
    ),
}
