// One line per route of the API: what its id parameters name and a valid input, so the matrix can aim
// a route at another tenant's resources and the fuzz can mutate valid values. The suite walks the
// app's route inventory: a route missing here fails the suite, naming the route — add its line (an
// area with many routes keeps them in cases-<area>.ts, spread into CASES below).
import { GROUPS, hasPermission } from '../../../src/domain/roles'
import type { Access } from '../../../src/server/plugins/route-contract'
import {
  audience,
  automation,
  automationBody,
  campaign,
  campaignBody,
  card,
  crmField,
  emarketingBody,
  franchise,
  game,
  gameBody,
  id,
  newsBody,
  offer,
  pageQuery,
  period,
  posFields,
  type RouteCase,
  store,
  storeBody,
} from './case-kit'
import { DOCS_CASES } from './cases-docs'
import { EXPIRY_CASES } from './cases-expiry'
import { EXPORTS_CASES } from './cases-exports'
import { IMPORTS_CASES } from './cases-imports'
import { WEBHOOKS_CASES } from './cases-webhooks'
import { encode } from './hostile'
import type { Resources } from './world'

export type { RouteCase } from './case-kit'

export const CASES: Record<string, RouteCase> = {
  ...DOCS_CASES,
  'GET /api/health': {},
  'GET /api/health/live': {},
  'GET /api/health/ready': {},
  'POST /api/users/login': { body: () => ({ email: 'nobody@example.test', password: 'wrong-password' }) },
  'POST /api/users/logout': { endsSession: true },
  'POST /api/users': {
    body: () => ({ email: 'attack@example.test', password: 'attack-password', displayName: 'A' }),
  },
  'POST /api/users/confirm': { body: () => ({ token: 'x'.repeat(43) }) },
  'GET /api/v2/admin/mail': { query: () => ({ recipient: 'nobody@example.test' }) },
  'POST /api/v2/admin/test-send': { body: () => ({ channel: 'email', to: 'nobody@example.test' }) },
  'POST /request-password-reset': { body: () => ({ email: 'nobody@example.test' }) },
  'POST /api/users/reset-password': { body: () => ({ token: 'x'.repeat(32), password: 'attack-password' }) },
  'POST /api/v2/token/encode': { body: (r) => ({ userId: r.owner, impostorId: r.owner }) },
  'GET /api/users/:id/exists': { params: { id: 'owner' } },
  'GET /api/v2/users/me': {},
  'GET /api/v2/users/me/session': {},
  'GET /api/v2/users/:id/info': { params: { id: 'owner' } },
  'PATCH /api/users/:id': { params: { id: 'owner' }, body: () => ({ displayName: 'Renamed' }) },
  'PATCH /api/v2/users/:id/info': { params: { id: 'owner' }, body: () => ({ settings: { theme: 'dark' } }) },
  'POST /api/auth/user/update': { body: () => ({ user: { data: { settings: { theme: 'dark' } } } }) },
  'PATCH /api/v2/users/accept-terms': {},
  'GET /api/Categories': {},
  'GET /api/v2/geo/ip': {},
  'GET /stripe/payment-links': {},
  'GET /stripe/payment-links/:id': {
    params: { id: { literal: 'monthly' } },
    query: (r) => ({ userId: r.owner! }),
  },
  'GET /stripe/subscriptions': { query: (r) => ({ userId: r.owner! }) },
  'POST /stripe/subscriptions/cancel': { query: (r) => ({ userId: r.owner! }) },
  'POST /stripe/subscriptions/resume': { query: (r) => ({ userId: r.owner! }) },
  // Stripe's customer portal, for the caller's own customer only (no userId to aim elsewhere).
  'POST /stripe/portal-sessions': {},
  'GET /api/v2/users/me/subscription': {},
  'GET /checkout/:id': { params: { id } },
  'POST /checkout/:id/pay': { params: { id } },
  'POST /stripe/webhook': { rawBody: true },
  'POST /webhooks/sms/inbound': { rawBody: true },
  // SMS providers' signed callbacks (issue 35 §3): receipts and replies, form or JSON bodies.
  'POST /webhooks/sms/twilio/status': { rawBody: true },
  'POST /webhooks/sms/twilio/inbound': { rawBody: true },
  'POST /webhooks/sms/vonage/status': { rawBody: true },
  'POST /webhooks/sms/vonage/inbound': { rawBody: true },
  // Campaign results (issue 18): the world's campaign (one aimed at the target's store).
  'GET /api/v2/communication-campaigns/:id/stats': { params: campaign },
  'GET /api/v2/communication-campaigns/:id/current-coupon': { params: campaign },
  'GET /api/v2/users/:id/communication-campaigns/revenue': { params: { id: 'owner' } },
  // Automated marketing (issue 20): full access only; the franchise's birthday automation.
  'GET /api/v2/franchises/:id/automated-marketings': { params: franchise },
  'GET /api/v2/franchises/:id/automated-marketings/revenue': { params: franchise },
  'GET /api/v2/franchises/:id/automated-marketings/total-revenue': { params: franchise },
  'GET /api/v2/automated-marketings/:id/detail': { params: automation },
  'POST /api/v2/users/:id/automated-marketings': { params: { id: 'owner' }, body: automationBody },
  'PUT /api/v2/users/:id/automated-marketings/:automationId': {
    params: { id: 'owner', automationId: 'automation' },
    body: automationBody,
  },
  'POST /api/v2/communication-campaigns/:id/opened': {
    params: campaign,
    body: () => ({ code: 'AAAAAAAAAAAA' }),
  },
  'GET /r/:code': { params: { code: { literal: 'AAAAAAAAAAAA' } } },
  'GET /api/public/campaign-links/:code/coupon': { params: { code: { literal: 'AAAAAAAAAAAA' } } },
  'GET /api/v2/franchises/owned': {},
  'GET /api/v2/stores/owned': {},
  // The dashboard's getting-started checklist (issue 34): the caller's own franchise, never another's.
  'GET /api/v2/onboarding': { query: (r) => ({ franchiseId: r.franchise }) },
  'PATCH /api/v2/loyalties/points': {
    body: (r) => ({ userId: r.client, merchantId: r.franchise ?? r.store, storeId: r.store, points: 5 }),
  },
  'POST /api/v2/stores/:sid/clients/:id/sale': {
    params: { sid: 'store', id: 'client' },
    body: () => ({ amount: '12.50' }),
  },
  'GET /api/v2/franchises/clients': { query: (r) => ({ franchiseId: r.franchise }) },
  'GET /api/v2/stores/:id/clients': { params: store },
  'GET /api/v2/franchises/:fid/clients/:id': { params: { fid: 'franchise', id: 'client' } },
  'GET /api/v2/franchises/:fid/clients/:id/loyalty': { params: { fid: 'franchise', id: 'client' } },
  'GET /api/v2/users/search': { query: (r) => ({ franchiseId: r.franchise, value: 'a' }) },
  'POST /api/v2/franchises/:id/users': {
    params: franchise,
    body: (r) => ({ firstName: 'Ada', lastName: 'Attack', phone: '+33600000001', storeId: r.store }),
  },
  'PUT /api/v2/franchises/:id/users': {
    params: franchise,
    body: (r) => ({ id: r.client, firstName: 'Ada', lastName: 'Attack', storeId: r.store }),
  },
  'POST /api/v2/stores/:sid/users/:uid': { params: { sid: 'store', uid: 'client' }, body: () => ({}) },
  'DELETE /api/v2/franchises/:fid/clients/:id': { params: { fid: 'franchise', id: 'client' } },
  'GET /api/v2/users/:id/coupons': { params: { id: 'client' }, query: (r) => ({ franchiseId: r.franchise }) },
  'POST /api/v2/loyalties/offers/:id/redeem': {
    params: { id: 'offer' },
    body: (r) => ({ userId: r.client, storeId: r.store }),
  },
  'POST /api/v2/coupons-user/:id/redeem': { params: { id: 'coupon' }, body: (r) => ({ storeId: r.store }) },
  'GET /api/v2/coupons/by-code/:code': { params: { code: 'couponCode' } },
  'POST /api/v2/coupons/by-code/:code/redeem': {
    params: { code: 'couponCode' },
    body: (r) => ({ storeId: r.store }),
  },
  'POST /aws/file/:kind': { params: { kind: { literal: 'loyalty' } }, rawBody: true },
  'GET /files/:kind/:name': { params: { kind: { literal: 'loyalty' }, name: { literal: 'missing.png' } } },
  'POST /api/v2/stores': { body: storeBody },
  'GET /api/Stores/:id': { params: store },
  'PUT /api/v2/stores/:id': { params: store, body: storeBody },
  'DELETE /api/stores/:id': { params: store },
  'PATCH /api/v2/stores/:id/settings': { params: store, body: () => ({ hasScannerEnabled: true }) },
  'GET /api/v2/franchises/:id/stores/list': { params: franchise },
  'GET /api/v2/users/:id/franchises/stores': { params: { id: 'owner' } },
  'GET /services/v2/geocode/near-cities': { query: () => ({ lat: '48.85', lng: '2.35', distance: '15' }) },
  'POST /api/v2/users/owners': {
    body: (r) => ({ email: 'new-owner@example.test', storeIds: [r.store], franchiseId: r.franchise }),
  },
  'GET /api/v2/users/owners': { query: (r) => ({ franchiseId: r.franchise }) },
  'PUT /api/v2/users/owners/:id': { params: { id: 'storeOwner' }, body: (r) => ({ storeIds: [r.store] }) },
  'DELETE /api/v2/users/owners/:id': { params: { id: 'storeOwner' } },
  'POST /api/v2/users/owners/:id/invitation': { params: { id: 'storeOwner' } },
  'GET /api/v2/users/owners/:id/invitation': { params: { id: 'storeOwner' } },
  'POST /api/stores/:id/storeOpinions': { params: store, body: () => ({ rating: 4, comment: 'Good' }) },
  'PUT /api/stores/:id/storeOpinions/:opinionId': {
    params: { id: 'store', opinionId: 'opinion' },
    body: () => ({ reply: 'Thank you' }),
  },
  'GET /api/v2/stores/opinions': { query: (r) => ({ storeId: r.store }) },
  'GET /api/v2/stores/:id/opinions': { params: store },
  'GET /api/v2/franchises/sender-validity': { query: () => ({ senderId: 'DUPONT' }) },
  'GET /api/v2/franchises/:id': { params: franchise },
  'GET /api/v2/franchises/:id/messages': { params: franchise, query: () => ({ channel: 'sms', page: '1' }) },
  'PATCH /api/v2/franchises/:id': { params: franchise, body: () => ({ description: 'Changed' }) },
  'PATCH /api/v2/franchises/:id/theme': {
    params: franchise,
    body: () => ({ primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' }),
  },
  'POST /api/franchises/:id/clientQualification': {
    params: franchise,
    body: () => ({ lostCustomers: { timeSinceLastVisit: { value: 3, unit: 'months' } } }),
  },
  'PUT /api/franchises/:id/clientQualification': {
    params: franchise,
    body: () => ({ lostCustomers: { timeSinceLastVisit: { value: 3, unit: 'months' } } }),
  },
  'PATCH /api/v2/franchises/:id/sender-id': { params: franchise, body: () => ({ senderId: 'ATTACK' }) },
  'GET /api/v2/franchises/:id/loyalty-model': { params: franchise },
  'POST /api/LoyaltyModels': { body: card },
  'PUT /api/v2/loyalty-models/:id': { params: { id: 'loyaltyModel' }, body: card },
  'PATCH /api/v2/loyalties/:id/loyalty-type': {
    params: { id: 'loyaltyModel' },
    body: () => ({ loyaltyType: 'PASSAGE' }),
  },
  'GET /api/v2/loyalties/offers': { query: (r) => ({ storeId: r.store }) },
  'POST /api/LoyaltyModels/:id/loyaltyOffers': { params: { id: 'loyaltyModel' }, body: offer },
  'PUT /api/v2/loyalty-models/:id/offers/:offerId': {
    params: { id: 'loyaltyModel', offerId: 'offer' },
    body: offer,
  },
  'POST /api/v2/loyalty-models/:id/offers/:offerId/status': {
    params: { id: 'loyaltyModel', offerId: 'offer' },
    body: () => ({ status: 'ARCHIVED' }),
  },
  'GET /api/v2/loyalty-models/:id/clients': { params: { id: 'loyaltyModel' } },
  'GET /api/v2/franchises/:id/tags': { params: franchise },
  'POST /api/v2/stores/:id/tags': { params: store, body: () => ({ name: 'Counter' }) },
  'GET /api/v2/tags/:id': { params: { id: 'tag' } },
  'PATCH /api/v2/tags/:id': { params: { id: 'tag' }, body: () => ({ name: 'Renamed' }) },
  'DELETE /api/v2/tags/:id': { params: { id: 'tag' } },
  'POST /api/v2/tags/:id/inject-points': { params: { id: 'tag' }, body: () => ({ amount: '12.50' }) },
  'POST /api/v2/tags/:id/reset-points': { params: { id: 'tag' } },
  'GET /api/v2/tags/:id/presence-code': { params: { id: 'tag' } },
  'GET /api/public/scan/:uid': { params: { uid: 'tagUid' } },
  'GET /tags/uid/:uid': { params: { uid: 'tagUid' } },
  'POST /api/public/scan/:uid/collect': {
    params: { uid: 'tagUid' },
    body: () => ({ phone: '+33600000002' }),
  },
  'POST /api/public/scan/:uid/phone-code': {
    params: { uid: 'tagUid' },
    body: () => ({ phone: '+33600000003' }),
  },
  'POST /api/public/scan/:uid/phone-code/confirm': {
    params: { uid: 'tagUid' },
    body: () => ({ phone: '+33600000003', code: '123456' }),
  },
  'GET /api/public/scan/:uid/card': { params: { uid: 'tagUid' } },
  'DELETE /api/public/scan/device': {},
  // Issue 35 §4: without a proven device's cookie these answer 401 and change nothing.
  'PUT /api/public/scan/device/push-token': {
    body: () => ({ token: `attack-token-${'x'.repeat(140)}`, platform: 'android' }),
  },
  'DELETE /api/public/scan/device/push-token': { body: () => ({ token: `attack-token-${'x'.repeat(140)}` }) },
  'GET /pos-merchant-accounts/search': { query: (r) => ({ storeId: r.store }) },
  'POST /pos-merchant-accounts': { body: (r) => ({ storeId: r.store, ...posFields }) },
  'PUT /pos-merchant-accounts/:id': { params: { id: 'posAccount' }, body: () => posFields },
  'POST /pos-merchant-accounts/:id/secret': { params: { id: 'posAccount' } },
  'GET /stores/:id/products': { params: store },
  'GET /orders/pos/:id': { params: { id: 'posOrder' }, query: (r) => ({ storeId: r.store }) },
  'GET /api/v2/orders/lb/:id': { params: { id: 'posOrder' } },
  'GET /api/v2/stores/:id/pos-orders': { params: store },
  'GET /api/v2/stores/:id/webhook-status': { params: store },
  'POST /api/pos/webhook/:accountId': { params: { accountId: 'posAccount' }, rawBody: true },
  'GET /api/v2/users/merchants': {},
  'PATCH /api/v2/users/:id/activate-subscription': { params: { id: 'owner' } },
  'PATCH /api/v2/users/:id/deactivate-subscription': { params: { id: 'owner' } },
  'PATCH /api/v2/franchises/:id/features': {
    params: franchise,
    body: () => ({ feature: 'POS', isEnabled: true }),
  },
  'POST /api/v2/franchise-owner': {
    body: () => ({ title: 'Attack', codeAlpha3: 'FRA', email: 'x@example.test' }),
  },
  'POST /api/v2/franchises': { body: () => ({ title: 'Attack', codeAlpha3: 'FRA' }) },
  'GET /api/v2/franchises/:id/panel': { params: franchise },
  'GET /api/v2/franchises/:id/audit-log': { params: franchise },
  'GET /api/v2/analytics/franchises/:id/history/days': {
    params: franchise,
    query: () => ({ ...period(), events: 'visits' }),
  },
  'GET /api/v2/analytics/franchises/:id/history/years': {
    params: franchise,
    query: () => ({ events: 'visits' }),
  },
  'GET /api/v2/analytics/franchises/:id/clients/count': { params: franchise },
  'GET /api/Analytics/topPostCode': { query: (r) => ({ franchiseId: r.franchise }) },
  'GET /api/v2/stores/:id/analytics/frequency': { params: store, query: period },
  'GET /api/v2/stores/:id/analytics/returns': { params: store },
  'GET /api/v2/franchises/:id/roi': { params: franchise, query: period },
  'GET /api/v2/franchises/:id/analytics/loyalty-graph': { params: franchise, query: period },
  'GET /api/v2/analytics/franchises/:id/loyalty-offers/redeemed': { params: franchise, query: period },
  'GET /api/v2/analytics/franchises/:id/coupons/redeemed': { params: franchise, query: period },
  'GET /api/v2/analytics/franchises/:id/users/conversion-rate': { params: franchise, query: period },
  'GET /api/v2/analytics/franchises/:id/average-basket': { params: franchise, query: period },
  'GET /api/v2/demo': {},
  'POST /api/v2/franchises/:id/communication-campaigns': { params: franchise, body: campaignBody },
  'PUT /api/v2/communication-campaigns/:id': { params: campaign, body: campaignBody },
  'POST /services/v2/franchises/:id/communication-campaigns/cost': { params: franchise, body: audience },
  'GET /api/v2/franchises/:id/communication-campaigns/short-link-base': { params: franchise },
  'POST /api/v2/franchises/:id/communication-campaigns/notified-users': {
    params: franchise,
    query: () => ({ page: '1', size: '20' }),
    body: audience,
  },
  'POST /services/v2/franchises/:fid/communication-campaigns/:id/send': {
    params: { fid: 'franchise', id: 'campaign' },
  },
  'PATCH /api/v2/communication-campaigns/:id/cancel': { params: campaign },
  'PATCH /api/v2/communication-campaigns/:id/pause': { params: campaign },
  'PATCH /api/v2/communication-campaigns/:id/resume': { params: campaign },
  'GET /api/v2/communication-campaigns/:id': { params: campaign },
  'GET /api/v2/communication-campaigns/:id/recipients': {
    params: campaign,
    query: () => ({ page: '1', size: '20', status: 'SENT' }),
  },
  'GET /api/v2/franchises/:id/communication-campaigns': {
    params: franchise,
    query: () => ({
      page: '1',
      size: '20',
      status: 'finished',
      channel: 'PUSH',
      from: '2026-01-01',
      to: '2026-12-31',
    }),
  },
  'GET /api/v2/news/:id': { params: { id: 'news' } },
  'GET /api/v2/franchises/:id/news': { params: franchise, query: () => ({ page: '1', size: '10' }) },
  'POST /api/v2/franchises/:id/news': { params: franchise, body: newsBody },
  'PUT /api/v2/news/:id': { params: { id: 'news' }, body: newsBody },
  'PATCH /api/v2/news/:id/stop': { params: { id: 'news' } },
  'PATCH /api/v2/news/:id/restart': { params: { id: 'news' } },
  'DELETE /api/v2/news/:id': { params: { id: 'news' } },
  // The registration-form builder and the CRM clients (issue 21).
  'GET /api/v2/franchises/:id/crm-form': { params: franchise, query: () => ({ includeArchived: 'true' }) },
  'POST /api/v2/franchises/:id/crm-form': {
    params: franchise,
    body: () => ({ version: 0, fields: [crmField] }),
  },
  'GET /api/v2/franchises/:id/crm-form/fields/:localId/values-count': {
    params: { ...franchise, localId: { literal: 'bakery' } },
  },
  'DELETE /api/v2/franchises/:id/crm-form/fields/:localId': {
    params: { ...franchise, localId: { literal: 'bakery' } },
    query: () => ({ version: '0' }),
  },
  'GET /api/v2/franchises/:id/crm-clients': { params: franchise, query: () => ({ page: '1', size: '10' }) },
  'GET /api/v2/franchises/:id/crm-clients/export.csv': { params: franchise, query: () => ({ search: 'a' }) },
  'GET /api/v2/franchises/:fid/clients/:id/crm-values': { params: { fid: 'franchise', id: 'client' } },
  'PUT /api/v2/franchises/:fid/clients/:id/crm-values': {
    params: { fid: 'franchise', id: 'client' },
    body: () => ({ crmValues: {} }),
  },
  'GET /api/v2/games/owned': { query: pageQuery },
  'GET /api/v2/games/:id/info/owner': { params: game },
  'GET /api/v2/games/:id/rewards': { params: game, query: () => ({ includeDisabled: 'true' }) },
  'GET /api/v2/games/:id/participants': { params: game, query: pageQuery },
  'POST /api/v2/games': { body: gameBody },
  'PUT /api/v2/games/:id': { params: game, body: gameBody },
  'PATCH /api/v2/games/:id/disable': { params: game },
  'PATCH /api/v2/games/:id/enable': { params: game },
  'GET /api/v2/public/games/:id': { params: game },
  'POST /api/v2/public/games/:id/phone-code': { params: game, body: () => ({ phone: '+33600000003' }) },
  'POST /api/v2/public/games/:id/phone-code/confirm': {
    params: game,
    body: () => ({ phone: '+33600000003', code: '123456' }),
  },
  'POST /api/v2/public/games/:id/spin': {
    params: game,
    body: () => ({ phone: '+33600000003', proof: 'not-a-proof' }),
  },
  'GET /api/v2/franchises/:id/calendar': {
    params: franchise,
    query: (r) => ({ from: '2030-01-01', to: '2030-01-31', storeId: r.store }),
  },
  // E-marketing (issue 21): the world's page is Maison Dupont's.
  'POST /api/v2/emarketings': { body: emarketingBody },
  'PUT /api/v2/emarketings/:id': { params: { id: 'emarketing' }, body: emarketingBody },
  'GET /api/v2/users/:id/emarketing': { params: { id: 'owner' } },
  'GET /api/v2/emarketings/:id/availability': {
    params: { id: 'emarketing' },
    query: () => ({ link: 'free-link' }),
  },
  'GET /api/v2/emarketings/availability': { query: () => ({ link: 'free-link' }) },
  'GET /api/v2/public/emarketings/:slug': { params: { slug: 'emarketingLink' } },
  'POST /api/v2/public/emarketings/:slug/phone-code': {
    params: { slug: 'emarketingLink' },
    body: () => ({ phone: '+33600000003' }),
  },
  'POST /api/v2/public/emarketings/:slug/phone-code/confirm': {
    params: { slug: 'emarketingLink' },
    body: () => ({ phone: '+33600000003', code: '123456' }),
  },
  'POST /api/v2/public/emarketings/:slug/register': {
    params: { slug: 'emarketingLink' },
    body: () => ({
      proof: 'not-a-proof',
      phone: '+33600000003',
      email: 'attack@example.test',
      consent: false,
      crmValues: { firstName: 'Ada', dateOfBirth: '1990-01-01' },
    }),
  },
  ...EXPIRY_CASES,
  ...WEBHOOKS_CASES,
  ...IMPORTS_CASES,
  ...EXPORTS_CASES,
}

/** The case of a route, or an error naming the route and what to add. */
export function caseOf(method: string, url: string): RouteCase {
  const c = CASES[`${method} ${url}`]
  if (!c)
    throw new Error(
      `${method} ${url}: no line in tests/server/attack/cases.ts (what its ids name, a valid input)`,
    )
  const missing = (url.match(/:(\w+)/g) ?? []).map((p) => p.slice(1)).filter((p) => !c.params?.[p])
  if (missing.length)
    throw new Error(`${method} ${url}: cases.ts does not say what :${missing.join(', :')} names`)
  return c
}

/** The URL with its parameters filled from `r` (or `override`); undefined when one names the caller's own resource. */
export function fillUrl(
  url: string,
  c: RouteCase,
  r: Resources,
  override: Record<string, string> = {},
): string | undefined {
  let out = url
  for (const [name, fill] of Object.entries(c.params ?? {})) {
    const value = override[name] ?? (typeof fill === 'string' ? r[fill] : fill.literal)
    if (value === undefined) return undefined
    out = out.replace(`:${name}`, encode(value))
  }
  return out
}

/** Whether the route's parameters name a tenant's resource (not a literal). */
export const namesResources = (c: RouteCase) =>
  Object.values(c.params ?? {}).some((f) => typeof f === 'string')

/** The route's valid query, its undefined values left out. */
export function queryOf(c: RouteCase, r: Resources): Record<string, string> {
  return Object.fromEntries(
    Object.entries(c.query?.(r) ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  )
}

/** Whether the route lets the caller in at all (the guard's rule). */
export function admits(access: Access, role: string | null | undefined): boolean {
  if (access === 'public') return true
  if (role === undefined) return false
  if (access === 'signedIn') return true
  return hasPermission(typeof access === 'string' ? GROUPS[access] : access, role)
}
