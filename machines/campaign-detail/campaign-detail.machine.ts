// A campaign's detail (/pages/campaign/:id; SPEC §3 "selected detail: info, stats, coupon, each with
// loading and error flags", §4 Campaign, §8; issue 19). Parallel regions:
// - info, stats, coupon: loaded together (the coupon once the info says there is one: a campaign
//   without a coupon asks nothing), each with its own loading, failure and retry; no coupon is not an
//   error (§8: UNABLE_TO_GET_COUPON_BY_COMMUNICATION_CAMPAIGN_ID ignored).
//   While a send runs its progress (sent / pending / error counts) is read again every PROGRESS_REFRESH.
//   The results (stats) and the notified clients follow it: each new progress answer (a refresh, or
//   after cancel / pause / resume) reads them again in the background, keeping what is shown until the
//   answer (no spinner), on the list's current page and filter. So once the progress says finished,
//   cancelled or paused, the page agrees with itself.
// - news: a NEWS campaign's news item (GET api/v2/news/{id}) once the info names it, for its status;
//   its own loading, failure and retry.
// - recipients: the notified users, paged and filtered by delivery status.
// - action: cancel after a confirmation (§8 success or error), pause and resume a send, edit.
import { assign, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type {
  Campaign,
  CampaignCoupon,
  CampaignStats,
  RECIPIENT_STATUSES,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import type { NewsItem } from '../../src/domain/news'
import {
  cancelCampaign,
  loadCampaign,
  loadCoupon,
  loadNews,
  loadRecipients,
  loadStats,
  pauseCampaign,
  resumeCampaign,
} from './campaign-detail.actors'

export const PROGRESS_REFRESH_MS = 3000
export const RECIPIENT_PAGE_SIZE = 10

export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]
export type RecipientQuery = { page: number; size: number; status: RecipientStatus | null }

export type CampaignDetailInput = { campaignId: string }
export type CampaignDetailContext = {
  campaignId: string
  info: Campaign | null
  stats: CampaignStats | null
  coupon: CampaignCoupon | null
  recipients: RecipientPage | null
  /** The campaign's news item as the news call answers it (its displayed status). */
  news: NewsItem | null
  recipientQuery: RecipientQuery
  /** Message id of the info's failure (not found, or generic). */
  infoError: string | null
}

export type CampaignDetailEvent =
  | { type: 'detail.retryInfo' }
  | { type: 'detail.retryStats' }
  | { type: 'detail.retryCoupon' }
  | { type: 'detail.retryRecipients' }
  | { type: 'detail.retryNews' }
  | { type: 'detail.recipientsPage'; page: number }
  | { type: 'detail.recipientsStatus'; status: RecipientStatus | null }
  | { type: 'detail.cancel' }
  | { type: 'detail.pause' }
  | { type: 'detail.resume' }
  | { type: 'detail.edit' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  /**
   * Raised whenever the campaign is answered anew (loaded, refreshed, or after an action): the progress
   * watch follows its new state, and its news item is loaded when it names one not loaded yet.
   */
  | { type: 'detail.infoChanged' }
  /**
   * Raised when the send's progress is answered anew after the first load (a refresh while it runs, or
   * the answer of cancel / pause / resume): the results and the notified clients are read again.
   */
  | { type: 'detail.progressChanged' }

const STATUSES: readonly string[] = ['PENDING', 'SENDING', 'SENT', 'ERROR', 'SKIPPED', 'CANCELLED', 'HOLDOUT']
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error

/** A send under way (or waiting for its window): its progress moves. */
export const isRunning = (c: Campaign | null) =>
  !!c && (c.dispatchStatus === 'SENDING' || (c.dispatchStatus === 'QUEUED' && !c.isScheduled))
/** §4: scheduled or running campaigns can be cancelled; finished and cancelled ones cannot. */
export const canCancel = (c: Campaign | null) =>
  !!c && (c.displayStatus === 'scheduled' || c.displayStatus === 'in progress')
export const canPause = (c: Campaign | null) =>
  !!c &&
  (c.dispatchStatus === 'SENDING' || c.dispatchStatus === 'QUEUED') &&
  c.displayStatus === 'in progress'
export const canResume = (c: Campaign | null) => !!c && c.dispatchStatus === 'PAUSED'
export const canEdit = (c: Campaign | null) => !!c && c.displayStatus !== 'canceled'

export const campaignDetailMachine = setup({
  types: {
    input: {} as CampaignDetailInput,
    context: {} as CampaignDetailContext,
    events: {} as CampaignDetailEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: {
    loadCampaign,
    loadStats,
    loadCoupon,
    loadNews,
    loadRecipients,
    cancelCampaign,
    pauseCampaign,
    resumeCampaign,
  },

  delays: { PROGRESS_REFRESH: PROGRESS_REFRESH_MS },
  guards: {
    isRunning: ({ context }) => isRunning(context.info),
    /** The send reached an end state (finished, cancelled, paused): a read under way may predate it. */
    isSettled: ({ context }) => !isRunning(context.info),
    /** The info names a news item not loaded yet (first load, or another after an action). */
    needsNews: ({ context }) => !!context.info?.newsId && context.info.newsId !== context.news?.id,
    hasCoupon: ({ event }) => outputOf<CampaignCoupon | null>(event) !== null,
    /** A coupon campaign whose coupon is not loaded: the others have none to ask for (no 404). */
    needsCoupon: ({ context }) => !!context.info?.coupon && !context.coupon,
    canCancel: ({ context }) => canCancel(context.info),
    canPause: ({ context }) => canPause(context.info),
    canResume: ({ context }) => canResume(context.info),
    canEdit: ({ context }) => canEdit(context.info),
    isOtherRecipientsPage: ({ context, event }) =>
      event.type === 'detail.recipientsPage' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.recipientQuery.page,
    isKnownStatus: ({ context, event }) =>
      event.type === 'detail.recipientsStatus' &&
      (event.status === null || STATUSES.includes(event.status)) &&
      event.status !== context.recipientQuery.status,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _p: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: the editor of this campaign. */
    openEditor: (_, _p: { id: string }) => {},
    setInfo: assign({ info: ({ event }) => outputOf<Campaign>(event), infoError: null }),
    setInfoError: assign({
      infoError: ({ event }) =>
        errorOf(event)?.status === 404 ? 'communication.errors.notFound' : 'errors.generic',
    }),
    infoChanged: raise({ type: 'detail.infoChanged' }),
    progressChanged: raise({ type: 'detail.progressChanged' }),
    setStats: assign({ stats: ({ event }) => outputOf<CampaignStats>(event) }),
    setCoupon: assign({ coupon: ({ event }) => outputOf<CampaignCoupon | null>(event) }),
    setNews: assign({ news: ({ event }) => outputOf<NewsItem>(event) }),
    setRecipients: assign({ recipients: ({ event }) => outputOf<RecipientPage>(event) }),
    clearRecipients: assign({ recipients: null }),
    goToRecipientsPage: assign({
      recipientQuery: ({ context, event }) =>
        event.type === 'detail.recipientsPage'
          ? { ...context.recipientQuery, page: event.page }
          : context.recipientQuery,
    }),
    setRecipientsStatus: assign({
      recipientQuery: ({ context, event }) =>
        event.type === 'detail.recipientsStatus'
          ? { ...context.recipientQuery, status: event.status, page: 1 }
          : context.recipientQuery,
    }),
  },
}).createMachine({
  id: 'campaignDetail',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    info: null,
    stats: null,
    coupon: null,
    recipients: null,
    news: null,
    recipientQuery: { page: 1, size: RECIPIENT_PAGE_SIZE, status: null },
    infoError: null,
  }),
  type: 'parallel',
  states: {
    info: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCampaign',
            src: 'loadCampaign',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: { target: 'ready', actions: ['setInfo', 'infoChanged'] },
            onError: { target: 'failed', actions: 'setInfoError' },
          },
        },
        failed: { on: { 'detail.retryInfo': 'loading' } },
        ready: {
          initial: 'checking',
          on: { 'detail.infoChanged': '.checking' },
          states: {
            checking: { always: [{ guard: 'isRunning', target: 'watching' }, { target: 'settled' }] },
            // A send is under way: its progress is read again after a pause.
            watching: { after: { PROGRESS_REFRESH: 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'loadCampaign',
                src: 'loadCampaign',
                input: ({ context }) => ({ id: context.campaignId }),
                onDone: { target: 'checking', actions: ['setInfo', 'infoChanged', 'progressChanged'] },
                // A missed refresh keeps the counts shown and tries again later.
                onError: 'watching',
              },
            },
            settled: {},
          },
        },
      },
    },
    stats: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadStats',
            src: 'loadStats',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: { target: 'ready', actions: 'setStats' },
            onError: 'failed',
          },
          // Its answer may predate the end of the send: read again (once: no more progress comes).
          on: { 'detail.progressChanged': { guard: 'isSettled', target: 'loading', reenter: true } },
        },
        ready: { on: { 'detail.progressChanged': 'refreshing' } },
        // The figures shown stay until the new ones come.
        refreshing: {
          invoke: {
            id: 'loadStats',
            src: 'loadStats',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: { target: 'ready', actions: 'setStats' },
            // While the send runs the next progress tick asks again; after its end, the failure shows.
            onError: [{ guard: 'isRunning', target: 'ready' }, { target: 'failed' }],
          },
          on: { 'detail.progressChanged': { guard: 'isSettled', target: 'refreshing', reenter: true } },
        },
        failed: { on: { 'detail.retryStats': 'loading' } },
      },
    },
    coupon: {
      initial: 'idle',
      states: {
        // Waits for the info: only a campaign with a coupon has one to load.
        idle: {
          on: { 'detail.infoChanged': [{ guard: 'needsCoupon', target: 'loading' }, { target: 'none' }] },
        },
        loading: {
          invoke: {
            id: 'loadCoupon',
            src: 'loadCoupon',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: [
              { guard: 'hasCoupon', target: 'ready', actions: 'setCoupon' },
              { target: 'none', actions: 'setCoupon' },
            ],
            onError: 'failed',
          },
        },
        ready: {},
        // No coupon in this campaign (§8: not an error).
        none: { on: { 'detail.infoChanged': { guard: 'needsCoupon', target: 'loading' } } },
        failed: { on: { 'detail.retryCoupon': 'loading' } },
      },
    },
    news: {
      initial: 'idle',
      states: {
        // Waits for the info; a campaign without news stays here.
        idle: { on: { 'detail.infoChanged': { guard: 'needsNews', target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadNews',
            src: 'loadNews',
            input: ({ context }) => ({ id: context.info!.newsId! }),
            onDone: { target: 'ready', actions: 'setNews' },
            onError: 'failed',
          },
        },
        ready: { on: { 'detail.infoChanged': { guard: 'needsNews', target: 'loading' } } },
        failed: { on: { 'detail.retryNews': 'loading' } },
      },
    },
    recipients: {
      initial: 'loading',
      on: {
        'detail.recipientsPage': {
          guard: 'isOtherRecipientsPage',
          target: '.loading',
          actions: 'goToRecipientsPage',
        },
        'detail.recipientsStatus': {
          guard: 'isKnownStatus',
          target: '.loading',
          actions: 'setRecipientsStatus',
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadRecipients',
            src: 'loadRecipients',
            input: ({ context }) => ({ id: context.campaignId, query: context.recipientQuery }),
            onDone: { target: 'ready', actions: 'setRecipients' },
            onError: { target: 'failed', actions: 'clearRecipients' },
          },
          on: { 'detail.progressChanged': { guard: 'isSettled', target: 'loading', reenter: true } },
        },
        ready: { on: { 'detail.progressChanged': 'refreshing' } },
        // The same page and filter read again; the rows shown stay until the new ones come.
        refreshing: {
          invoke: {
            id: 'loadRecipients',
            src: 'loadRecipients',
            input: ({ context }) => ({ id: context.campaignId, query: context.recipientQuery }),
            onDone: { target: 'ready', actions: 'setRecipients' },
            onError: [
              { guard: 'isRunning', target: 'ready' },
              { target: 'failed', actions: 'clearRecipients' },
            ],
          },
          on: { 'detail.progressChanged': { guard: 'isSettled', target: 'refreshing', reenter: true } },
        },
        // §8 notified-users error.
        failed: { on: { 'detail.retryRecipients': 'loading' } },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'detail.cancel': { guard: 'canCancel', target: 'confirmingCancel' },
            'detail.pause': { guard: 'canPause', target: 'pausing' },
            'detail.resume': { guard: 'canResume', target: 'resuming' },
            'detail.edit': {
              guard: 'canEdit',
              actions: { type: 'openEditor', params: ({ context }) => ({ id: context.campaignId }) },
            },
          },
        },
        confirmingCancel: { on: { 'dialog.confirm': 'cancelling', 'dialog.cancel': 'idle' } },
        cancelling: {
          invoke: {
            id: 'cancelCampaign',
            src: 'cancelCampaign',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: {
              target: 'idle',
              actions: [
                'setInfo',
                'infoChanged',
                'progressChanged',
                { type: 'notify', params: { level: 'success', id: 'communication.cancel.success' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'communication.cancel.error' } },
            },
          },
        },
        pausing: {
          invoke: {
            id: 'pauseCampaign',
            src: 'pauseCampaign',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: { target: 'idle', actions: ['setInfo', 'infoChanged', 'progressChanged'] },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'communication.pause.error' } },
            },
          },
        },
        resuming: {
          invoke: {
            id: 'resumeCampaign',
            src: 'resumeCampaign',
            input: ({ context }) => ({ id: context.campaignId }),
            onDone: { target: 'idle', actions: ['setInfo', 'infoChanged', 'progressChanged'] },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'communication.resume.error' } },
            },
          },
        },
      },
    },
  },
})
