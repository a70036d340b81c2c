// The campaign detail (machines/campaign-detail): info, stats, coupon and the news item in parallel with
// their own failures, the progress refreshed while a send runs, the recipients paged, and the actions.
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import {
  campaignDetailMachine,
  PROGRESS_REFRESH_MS,
  type RecipientQuery,
  toCampaignDetailView,
} from '../../machines/campaign-detail'
import { ApiError } from '../../src/api/client'
import {
  CAMPAIGN_ID,
  NEWS_ITEM,
  RECIPIENTS,
  SCHEDULED,
  SENDING,
  SENT,
  STATS,
  WITH_NEWS,
} from '../support/campaign-screens'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const input = { campaignId: CAMPAIGN_ID }
const ACTORS = [
  'loadCampaign',
  'loadStats',
  'loadCoupon',
  'loadRecipients',
  'loadNews',
  'cancelCampaign',
  'pauseCampaign',
  'resumeCampaign',
]
const COUPON = {
  type: 'percentage' as const,
  value: 10,
  header: '10 % offerts',
  validity: { value: 2, unit: 'weeks' as const },
  issued: 12,
  redeemed: 2,
}
const down = new ApiError(500, 'INTERNAL_ERROR', 'x')
const { dispatchStatus, displayStatus, isScheduled, isSent, sentAt, progress } = SENDING
/** A campaign being sent, with the news item it created. */
const SENDING_STATE = { dispatchStatus, displayStatus, isScheduled, isSent, sentAt, progress }
const AFTER = 'xstate.after.PROGRESS_REFRESH.campaignDetail.info.ready.watching'

type Effects = { calls: Calls; notices: string[]; edits: string[] }
function harness(effects: Effects) {
  return campaignDetailMachine.provide({
    actors: recordingActors(ACTORS, effects.calls) as never,
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      openEditor: (_, p: { id: string }) => effects.edits.push(p.id),
    },
  })
}

// Loading and failures of each part (one campaign answer per model keeps the graph small).
const loadEvents = [
  { type: 'xstate.done.actor.loadCampaign', output: { ...WITH_NEWS, ...SENDING_STATE } },
  {
    type: 'xstate.error.actor.loadCampaign',
    error: new ApiError(404, 'COMMUNICATION_CAMPAIGN_NOT_FOUND', 'x'),
  },
  { type: 'detail.retryInfo' },
  { type: AFTER },
  { type: 'xstate.done.actor.loadStats', output: STATS },
  { type: 'xstate.error.actor.loadStats', error: down },
  { type: 'detail.retryStats' },
  { type: 'xstate.done.actor.loadRecipients', output: RECIPIENTS },
  { type: 'xstate.error.actor.loadRecipients', error: down },
  { type: 'detail.retryRecipients' },
  { type: 'xstate.done.actor.loadNews', output: NEWS_ITEM },
  { type: 'xstate.error.actor.loadNews', error: down },
  { type: 'detail.retryNews' },
  { type: 'detail.recipientsPage', page: 2 },
  { type: 'detail.recipientsStatus', status: 'ERROR' },
]
// The actions on a scheduled, a running and a paused campaign.
const actionEvents = [
  { type: 'xstate.done.actor.loadCampaign', output: SCHEDULED },
  { type: 'detail.cancel' },
  { type: 'detail.pause' },
  { type: 'detail.resume' },
  { type: 'detail.edit' },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  {
    type: 'xstate.done.actor.cancelCampaign',
    output: { ...SCHEDULED, state: 'CANCELLED', displayStatus: 'canceled', dispatchStatus: 'CANCELLED' },
  },
  { type: 'xstate.error.actor.cancelCampaign', error: down },
  { type: 'xstate.done.actor.pauseCampaign', output: { ...SENDING, dispatchStatus: 'PAUSED' } },
  { type: 'xstate.error.actor.pauseCampaign', error: down },
  { type: 'xstate.done.actor.resumeCampaign', output: SENDING },
  { type: 'xstate.error.actor.resumeCampaign', error: down },
]
// A coupon campaign: its coupon is asked once the info says it has one.
const WITH_COUPON = {
  ...SENT,
  content: 'COUPON_PERCENT' as const,
  coupon: {
    type: 'percentage' as const,
    value: 10,
    header: '10 % offerts',
    productDescription: null,
    termsOfUse: null,
    validity: { value: 2, unit: 'weeks' as const },
  },
}
const couponEvents = [
  { type: 'xstate.done.actor.loadCampaign', output: WITH_COUPON },
  { type: 'xstate.done.actor.loadCoupon', output: COUPON },
  { type: 'xstate.done.actor.loadCoupon', output: null },
  { type: 'xstate.error.actor.loadCoupon', error: down },
  { type: 'detail.retryCoupon' },
]
const runningEvents = [{ ...actionEvents[0]!, output: SENDING }, ...actionEvents.slice(1)]
const pausedEvents = [
  { ...actionEvents[0]!, output: { ...SENDING, dispatchStatus: 'PAUSED' } },
  ...actionEvents.slice(1),
]

const paths = [
  ...generatePaths(campaignDetailMachine, loadEvents, input),
  ...generatePaths(campaignDetailMachine, actionEvents, input),
  ...generatePaths(campaignDetailMachine, couponEvents, input),
  ...generatePaths(campaignDetailMachine, runningEvents, input),
  ...generatePaths(campaignDetailMachine, pausedEvents, input),
]

describe('campaign detail machine', () => {
  it('reaches every state', () => {
    expectEveryStateReached(campaignDetailMachine, paths)
  })

  it('replays every path: parts fail alone, actions need the right state and cancel needs a confirmation', () => {
    expect(paths.length).toBeGreaterThan(50)
    for (const path of paths) {
      const effects: Effects = { calls: [], notices: [], edits: [] }
      const snapshot = replay(harness(effects), path.steps, input)
      const view = toCampaignDetailView(snapshot)
      const types = path.steps.map((s) => s.event.type)
      const calls = (name: string) => effects.calls.filter((c) => c.actor === name)
      // The three parts are asked at once, each once unless retried, or read again as a new progress
      // answer comes (a refresh, or cancel / pause / resume answered): never more.
      const asked = 1 + types.filter((t) => t === 'detail.retryStats').length
      const progressAnswers = Math.max(
        0,
        types.filter((t) =>
          /^xstate\.done\.actor\.(loadCampaign|cancelCampaign|pauseCampaign|resumeCampaign)$/.test(t),
        ).length - 1,
      )
      expect(calls('loadStats').length).toBeGreaterThanOrEqual(asked)
      expect(calls('loadStats').length).toBeLessThanOrEqual(asked + progressAnswers)
      for (const c of [...calls('loadStats'), ...calls('loadRecipients')])
        expect((c.input as { id: string }).id).toBe(CAMPAIGN_ID)
      // The coupon only for a campaign that has one (none asked: no 404 in the console).
      const hasCoupon = path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.loadCampaign' &&
          !!(s.event as unknown as { output: { coupon: unknown } }).output.coupon,
      )
      expect(calls('loadCoupon').length).toBe(
        hasCoupon ? 1 + types.filter((t) => t === 'detail.retryCoupon').length : 0,
      )
      // Cancelling is asked only after the dialog's confirmation.
      expect(calls('cancelCampaign').length).toBeLessThanOrEqual(
        types.filter((t) => t === 'dialog.confirm').length,
      )
      // The news item is asked once the info names it, again only on a retry.
      const namesNews = path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.loadCampaign' &&
          !!(s.event as unknown as { output: { newsId: string | null } }).output.newsId,
      )
      expect(calls('loadNews').length).toBe(
        namesNews ? 1 + types.filter((t) => t === 'detail.retryNews').length : 0,
      )
      for (const c of calls('loadNews')) expect(c.input).toEqual({ id: NEWS_ITEM.id })
      for (const c of calls('loadRecipients'))
        expect((c.input as { query: RecipientQuery }).query.size).toBe(10)
      if (view.coupon.isNone) expect(view.coupon.isFailed).toBe(false)
      if (view.info.isFailed) expect(view.info.error).toBe('communication.errors.notFound')
      if (view.isWatching) expect(snapshot.context.info?.dispatchStatus).toBe('SENDING')
      for (const n of effects.notices) expect(n).toMatch(/^communication\.(cancel|pause|resume)\./)
      expect(effects.edits.every((id) => id === CAMPAIGN_ID)).toBe(true)
    }
  }, 30_000)

  it('refreshes the progress while the send runs and stops once it is finished', () => {
    const effects: Effects = { calls: [], notices: [], edits: [] }
    const clock = new SimulatedClock()
    const actor = createActor(harness(effects), { input, clock }).start()
    const loads = () => effects.calls.filter((c) => c.actor === 'loadCampaign').length
    actor.send({ type: 'xstate.done.actor.loadCampaign', output: SENDING } as never)
    expect(toCampaignDetailView(actor.getSnapshot()).progress).toMatchObject({
      sent: 3,
      pending: 8,
      all: 12,
      percent: 25,
    })
    clock.increment(PROGRESS_REFRESH_MS - 1)
    expect(loads()).toBe(1)
    clock.increment(1)
    expect(loads()).toBe(2)
    actor.send({ type: 'xstate.done.actor.loadCampaign', output: SENT } as never)
    const view = toCampaignDetailView(actor.getSnapshot())
    expect(view).toMatchObject({ isWatching: false, progress: { percent: 100, sent: 12 } })
    clock.increment(PROGRESS_REFRESH_MS * 3)
    expect(loads()).toBe(2)
  })

  it('asks no coupon of a campaign without one, and keeps stats failing alone with a retry', () => {
    const effects: Effects = { calls: [], notices: [], edits: [] }
    const actor = createActor(harness(effects), { input }).start()
    expect(toCampaignDetailView(actor.getSnapshot()).coupon).toMatchObject({ isLoading: true, isNone: false })
    actor.send({ type: 'xstate.done.actor.loadCampaign', output: SENT } as never)
    expect(effects.calls.filter((c) => c.actor === 'loadCoupon')).toHaveLength(0)
    actor.send({ type: 'xstate.error.actor.loadStats', error: down } as never)
    const view = toCampaignDetailView(actor.getSnapshot())
    expect(view).toMatchObject({
      coupon: { isNone: true, isFailed: false },
      stats: { isFailed: true },
      info: { isFailed: false },
    })
    actor.send({ type: 'detail.retryStats' })
    expect(effects.calls.filter((c) => c.actor === 'loadStats')).toHaveLength(2)
  })

  it("shows a NEWS campaign's news item with its status; a campaign without one asks nothing", () => {
    const effects: Effects = { calls: [], notices: [], edits: [] }
    const actor = createActor(harness(effects), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadCampaign', output: WITH_NEWS } as never)
    expect(toCampaignDetailView(actor.getSnapshot()).news).toMatchObject({ isLoading: true, value: null })
    actor.send({ type: 'xstate.error.actor.loadNews', error: down } as never)
    expect(toCampaignDetailView(actor.getSnapshot()).news).toMatchObject({ isFailed: true, value: null })
    actor.send({ type: 'detail.retryNews' })
    actor.send({ type: 'xstate.done.actor.loadNews', output: NEWS_ITEM } as never)
    expect(toCampaignDetailView(actor.getSnapshot()).news).toMatchObject({
      isLoading: false,
      isFailed: false,
      value: { name: 'Soldes', status: 'published' },
    })
    expect(effects.calls.filter((c) => c.actor === 'loadNews')).toHaveLength(2)
    const bare = createActor(harness(effects), { input }).start()
    bare.send({ type: 'xstate.done.actor.loadCampaign', output: SENT } as never)
    expect(toCampaignDetailView(bare.getSnapshot()).news).toMatchObject({ isLoading: false, value: null })
    expect(effects.calls.filter((c) => c.actor === 'loadNews')).toHaveLength(2)
  })

  it('refuses to cancel a finished campaign; cancels a scheduled one after the confirmation (§8 messages)', () => {
    const effects: Effects = { calls: [], notices: [], edits: [] }
    const actor = createActor(harness(effects), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadCampaign', output: SENT } as never)
    actor.send({ type: 'detail.cancel' })
    expect(toCampaignDetailView(actor.getSnapshot()).isConfirmingCancel).toBe(false)
    const fresh = createActor(harness(effects), { input }).start()
    fresh.send({ type: 'xstate.done.actor.loadCampaign', output: SCHEDULED } as never)
    fresh.send({ type: 'detail.cancel' })
    expect(toCampaignDetailView(fresh.getSnapshot()).isConfirmingCancel).toBe(true)
    fresh.send({ type: 'dialog.confirm' })
    fresh.send({ type: 'xstate.error.actor.cancelCampaign', error: down } as never)
    expect(effects.notices).toEqual(['communication.cancel.error'])
    fresh.send({ type: 'detail.cancel' })
    fresh.send({ type: 'dialog.confirm' })
    fresh.send({
      type: 'xstate.done.actor.cancelCampaign',
      output: { ...SCHEDULED, state: 'CANCELLED', displayStatus: 'canceled', dispatchStatus: 'CANCELLED' },
    } as never)
    const view = toCampaignDetailView(fresh.getSnapshot())
    expect(effects.notices).toEqual(['communication.cancel.error', 'communication.cancel.success'])
    expect(view).toMatchObject({
      canCancel: false,
      canEdit: false,
      info: { value: { displayStatus: 'canceled' } },
    })
  })
})
