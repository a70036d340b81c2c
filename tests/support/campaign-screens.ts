// Campaigns as the screens get them (the wire contract's shapes), for the machine and UI tests and the
// stories of the campaign screens.
import type { CampaignEditorInput } from '../../machines/campaign-editor/campaign-editor.types'
import type {
  Campaign,
  CampaignHistoryRow,
  CampaignStats,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import type { NewsItem } from '../../src/domain/news'

export const FRANCHISE = '11111111-1111-4111-8111-111111111111'
export const USER = '22222222-2222-4222-8222-222222222222'
export const CAMPAIGN_ID = '33333333-3333-4333-8333-333333333333'

/** The editor's clock in the tests: 25 November 2026, 10:00 in Paris. */
export const NOW = new Date('2026-11-25T09:00:00Z')

/** A new campaign of the demo franchise, subscribed, in Paris. */
export const EDITOR_INPUT: CampaignEditorInput = {
  franchiseId: FRANCHISE,
  userId: USER,
  campaignId: null,
  timezone: 'Europe/Paris',
  currencyCode: 'EUR',
  countryAlpha3: 'FRA',
  isSubscribed: true,
  stores: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Paris Marais' }],
  now: () => NOW,
}

/** An SMS campaign scheduled on 21 November, sent to 12 clients. */
export const SENT: Campaign = {
  id: CAMPAIGN_ID,
  franchiseId: FRANCHISE,
  userId: USER,
  channel: 'SMS',
  content: 'NEWS',
  state: 'VALID',
  dispatchStatus: 'SENT',
  pauseReason: null,
  displayStatus: 'finished',
  communicationCampaign: {
    name: 'Soldes',
    type: 'MANUAL_CAMPAIGN',
    userId: USER,
    notification: { title: '', message: 'Soldes ce week-end', imageUrl: null, link: null },
    isScheduled: true,
    campaignFilters: { wholeFranchise: true, minLoyaltyPoints: 10 },
    dateCreated: '2026-11-20T10:00:00.000Z',
  },
  coupon: null,
  startTime: { date: '2026-11-21', hour: '10:00' },
  startDate: '2026-11-21T09:00:00.000Z',
  endDate: null,
  sentAt: '2026-11-21T09:00:02.000Z',
  sendsAt: null,
  isScheduled: true,
  isSent: true,
  holdoutPercent: 0,
  newsId: null,
  isNewsDifferentFromCampaign: false,
  news: null,
  author: { id: USER, name: 'Camille' },
  progress: { pending: 0, sending: 0, sent: 12, error: 0, skipped: 0, cancelled: 0, holdout: 0 },
}

/** The same campaign while it is being sent. */
export const SENDING: Campaign = {
  ...SENT,
  dispatchStatus: 'SENDING',
  displayStatus: 'in progress',
  isScheduled: false,
  isSent: false,
  sentAt: null,
  sendsAt: '2026-11-21T09:00:00.000Z',
  progress: { pending: 8, sending: 1, sent: 3, error: 0, skipped: 0, cancelled: 0, holdout: 0 },
}

/** Scheduled for later: can be cancelled. */
export const SCHEDULED: Campaign = {
  ...SENT,
  dispatchStatus: 'QUEUED',
  displayStatus: 'scheduled',
  isSent: false,
  sentAt: null,
  startTime: { date: '2026-12-01', hour: '10:00' },
  startDate: '2026-12-01T09:00:00.000Z',
  sendsAt: '2026-12-01T09:00:00.000Z',
  progress: { pending: 0, sending: 0, sent: 0, error: 0, skipped: 0, cancelled: 0, holdout: 0 },
}

/** The news item a NEWS campaign created (GET api/v2/news/{id}). */
export const NEWS_ITEM: NewsItem = {
  id: '66666666-6666-4666-8666-666666666666',
  franchiseId: FRANCHISE,
  storeIds: [],
  name: 'Soldes',
  type: 'news',
  description: 'Soldes ce week-end',
  priceCents: null,
  currencyCode: 'EUR',
  startDate: '2026-11-21',
  endDate: '2026-11-27',
  happyHourStart: null,
  happyHourEnd: null,
  drinkType: null,
  customersOnly: false,
  isStopped: false,
  status: 'published',
  canEdit: true,
  dateCreated: '2026-11-20T10:00:00.000Z',
}

/** SENT with the news item it created. */
export const WITH_NEWS: Campaign = {
  ...SENT,
  newsId: NEWS_ITEM.id,
  news: {
    title: NEWS_ITEM.name,
    message: NEWS_ITEM.description,
    startDate: NEWS_ITEM.startDate,
    endDate: NEWS_ITEM.endDate,
    dateCreated: NEWS_ITEM.dateCreated,
  },
}

export const STATS: CampaignStats = {
  notified: 12,
  deliveredPercent: 91.7,
  openedPercent: 41.7,
  couponsIssued: 0,
  couponsRedeemed: 0,
  conversionPercent: 16.7,
  turnoverCents: 18450,
  upliftPercent: null,
  asOf: '2026-11-24T10:00:00.000Z',
}

export const RECIPIENTS: RecipientPage = {
  items: [
    {
      clientId: '55555555-5555-4555-8555-555555555555',
      firstName: 'Léa',
      lastName: 'Martin',
      address: '+33612345678',
      status: 'SENT',
      sentAt: '2026-11-21T09:00:02.000Z',
      error: null,
    },
  ],
  page: 1,
  size: 10,
  total: 1,
}

export const row = (c: Campaign, over: Partial<CampaignHistoryRow> = {}): CampaignHistoryRow => ({
  ...c,
  notified: c.progress.sent,
  openedPercent: 41.7,
  conversionPercent: 16.7,
  turnoverCents: 18450,
  ...over,
})
