// SPEC §7 "Campaigns and news" as seen from the browser (issue 19), checked against the wire contract
// src/domain/campaign-contract.ts. A campaign's image goes through the storage call (src/api/files.ts)
// before the save, and only when it is a new file: an URL already stored is sent as it is (§5).
import {
  type AudienceInput,
  Campaign,
  CampaignCost,
  CampaignCoupon,
  type CampaignHistoryQuery,
  type CampaignInput,
  CampaignPage,
  CampaignStats,
  NotifiedUserPage,
  type RECIPIENT_STATUSES,
  RecipientPage,
  ShortLinkBase,
} from '../domain/campaign-contract'
import { ApiError, call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const franchise = (id: string) => `/api/v2/franchises/${encodeURIComponent(id)}/communication-campaigns`
const services = (id: string) => `/services/v2/franchises/${encodeURIComponent(id)}/communication-campaigns`
const campaign = (id: string) => `/api/v2/communication-campaigns/${encodeURIComponent(id)}`

/** §8: the cost call's answer when no client matches the filters. */
export const NO_USER_FOUND = 'NO_USER_FOUND_WITH_THESE_FILTERS'
/** §8: a campaign without its own coupon answers this; it is not an error for the screens. */
export const NO_COUPON = 'UNABLE_TO_GET_COUPON_BY_COMMUNICATION_CAMPAIGN_ID'

export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

/** Absent query values are left out of the address (the server reads them as "any"). */
function defined(query: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  )
}

export const campaignsApi = {
  create: (franchiseId: string, body: CampaignInput, signal?: AbortSignal) =>
    call(franchise(franchiseId), { method: 'POST', body, ...opt(signal) }, Campaign),
  update: (id: string, body: CampaignInput, signal?: AbortSignal) =>
    call(campaign(id), { method: 'PUT', body, ...opt(signal) }, Campaign),
  /** The audience's size and price; `null` when no client matches (§8 "no user found"). */
  cost: async (franchiseId: string, body: AudienceInput, signal?: AbortSignal) => {
    try {
      const cost = await call(
        `${services(franchiseId)}/cost`,
        { method: 'POST', body, ...opt(signal) },
        CampaignCost,
      )
      return cost.nbUsers === 0 ? null : cost
    } catch (error) {
      if (error instanceof ApiError && error.code === NO_USER_FOUND) return null
      throw error
    }
  },
  /** The server's public URL, which every recipient's short link starts with (the editor's preview). */
  shortLinkBase: async (franchiseId: string, signal?: AbortSignal) =>
    (await call(`${franchise(franchiseId)}/short-link-base`, { ...opt(signal) }, ShortLinkBase)).publicUrl,
  notifiedUsers: (
    franchiseId: string,
    body: AudienceInput,
    page: { page: number; size: number },
    signal?: AbortSignal,
  ) =>
    call(
      `${franchise(franchiseId)}/notified-users`,
      { method: 'POST', body, query: page, ...opt(signal) },
      NotifiedUserPage,
    ),
  send: (franchiseId: string, id: string, signal?: AbortSignal) =>
    call(
      `${services(franchiseId)}/${encodeURIComponent(id)}/send`,
      { method: 'POST', ...opt(signal) },
      Campaign,
    ),
  cancel: (id: string, signal?: AbortSignal) =>
    call(`${campaign(id)}/cancel`, { method: 'PATCH', ...opt(signal) }, Campaign),
  pause: (id: string, signal?: AbortSignal) =>
    call(`${campaign(id)}/pause`, { method: 'PATCH', ...opt(signal) }, Campaign),
  resume: (id: string, signal?: AbortSignal) =>
    call(`${campaign(id)}/resume`, { method: 'PATCH', ...opt(signal) }, Campaign),
  get: (id: string, signal?: AbortSignal) => call(campaign(id), opt(signal), Campaign),
  recipients: (
    id: string,
    q: { page: number; size: number; status?: RecipientStatus | null },
    signal?: AbortSignal,
  ) => call(`${campaign(id)}/recipients`, { query: defined(q), ...opt(signal) }, RecipientPage),
  stats: (id: string, signal?: AbortSignal) => call(`${campaign(id)}/stats`, opt(signal), CampaignStats),
  /** The campaign's coupon, or `null` when it has none (§8: ignored silently). */
  coupon: async (id: string, signal?: AbortSignal) => {
    try {
      return await call(`${campaign(id)}/current-coupon`, opt(signal), CampaignCoupon)
    } catch (error) {
      if (error instanceof ApiError && error.code === NO_COUPON) return null
      throw error
    }
  },
  history: (franchiseId: string, q: CampaignHistoryQuery, signal?: AbortSignal) =>
    call(franchise(franchiseId), { query: defined(q), ...opt(signal) }, CampaignPage),
}
