// The detail's default actors: src/api calls, aborted through `signal`.
import { fromPromise } from 'xstate'
import { campaignsApi } from '../../src/api/campaigns'
import { newsApi } from '../../src/api/news'
import type {
  Campaign,
  CampaignCoupon,
  CampaignStats,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import type { NewsItem } from '../../src/domain/news'
import type { RecipientQuery } from './campaign-detail.machine'

type ById = { id: string }
export const loadCampaign = fromPromise<Campaign, ById>(({ input, signal }) =>
  campaignsApi.get(input.id, signal),
)
export const loadStats = fromPromise<CampaignStats, ById>(({ input, signal }) =>
  campaignsApi.stats(input.id, signal),
)
export const loadCoupon = fromPromise<CampaignCoupon | null, ById>(({ input, signal }) =>
  campaignsApi.coupon(input.id, signal),
)
export const loadNews = fromPromise<NewsItem, ById>(({ input, signal }) => newsApi.get(input.id, signal))
export const loadRecipients = fromPromise<RecipientPage, ById & { query: RecipientQuery }>(
  ({ input, signal }) => campaignsApi.recipients(input.id, input.query, signal),
)
export const cancelCampaign = fromPromise<Campaign, ById>(({ input, signal }) =>
  campaignsApi.cancel(input.id, signal),
)
export const pauseCampaign = fromPromise<Campaign, ById>(({ input, signal }) =>
  campaignsApi.pause(input.id, signal),
)
export const resumeCampaign = fromPromise<Campaign, ById>(({ input, signal }) =>
  campaignsApi.resume(input.id, signal),
)
