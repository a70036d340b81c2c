import type { SnapshotFrom } from 'xstate'
import { pageCount } from '../paged-list/paged-list'
import type { campaignDetailMachine } from './campaign-detail.machine'

/** What the detail page renders: each part with its own loading and failure. */
export function toCampaignDetailView(s: SnapshotFrom<typeof campaignDetailMachine>) {
  const c = s.context
  const region = <R extends 'info' | 'stats' | 'coupon' | 'news' | 'recipients'>(r: R) => ({
    isLoading: s.matches({ [r]: 'loading' } as never),
    isFailed: s.matches({ [r]: 'failed' } as never),
  })
  // Read again in the background as the send's progress moves: what is shown stays, no spinner.
  const refreshing = (r: 'stats' | 'recipients') => ({ isRefreshing: s.matches({ [r]: 'refreshing' }) })
  const info = c.info
  const p = info?.progress
  const sent = p?.sent ?? 0
  const done = p ? p.sent + p.error + p.skipped + p.cancelled : 0
  const all = p ? done + p.pending + p.sending : 0
  return {
    info: { ...region('info'), value: info, error: c.infoError },
    stats: { ...region('stats'), ...refreshing('stats'), value: c.stats },
    coupon: {
      ...region('coupon'),
      isLoading: s.matches({ coupon: 'loading' }) || s.matches({ coupon: 'idle' }),
      value: c.coupon,
      isNone: s.matches({ coupon: 'none' }),
    },
    // The item of the campaign's newsId (a link changed since: the campaign's answer until it loads).
    news: { ...region('news'), value: c.news && c.news.id === info?.newsId ? c.news : null },
    recipients: {
      ...region('recipients'),
      ...refreshing('recipients'),
      value: c.recipients,
      query: c.recipientQuery,
      pageCount: pageCount(c.recipients?.total ?? 0, c.recipientQuery.size),
    },
    progress: p
      ? { ...p, done, all, percent: all > 0 ? Math.round((done / all) * 100) : 100, sentCount: sent }
      : null,
    isWatching: s.matches({ info: { ready: 'watching' } }) || s.matches({ info: { ready: 'refreshing' } }),
    // What the machine accepts now (its guards decide), and the action under way keeps its button.
    canCancel:
      s.can({ type: 'detail.cancel' }) ||
      s.matches({ action: 'confirmingCancel' }) ||
      s.matches({ action: 'cancelling' }),
    canPause: s.can({ type: 'detail.pause' }) || s.matches({ action: 'pausing' }),
    canResume: s.can({ type: 'detail.resume' }) || s.matches({ action: 'resuming' }),
    canEdit: s.can({ type: 'detail.edit' }),
    isConfirmingCancel: s.matches({ action: 'confirmingCancel' }) || s.matches({ action: 'cancelling' }),
    isCancelling: s.matches({ action: 'cancelling' }),
    isPausing: s.matches({ action: 'pausing' }),
    isResuming: s.matches({ action: 'resuming' }),
  }
}
export type CampaignDetailView = ReturnType<typeof toCampaignDetailView>
