// The campaign detail's results and notified clients follow the send's progress (e2e defect: the
// progress ended at "646 sent · Finished" while the Results still said "Notified 2" and the list
// "Sending", both read once early in the send). Fixtures given through .provide() answer from a fake
// back end whose send moves on; the clock is simulated.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  campaignDetailMachine,
  PROGRESS_REFRESH_MS,
  type RecipientQuery,
  toCampaignDetailView,
} from '../../machines/campaign-detail'
import { ApiError } from '../../src/api/client'
import type {
  Campaign,
  CampaignCoupon,
  CampaignStats,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import { CAMPAIGN_ID, RECIPIENTS, SENDING, SENT, STATS } from '../support/campaign-screens'

const input = { campaignId: CAMPAIGN_ID }
type Row = RecipientPage['items'][number]
const rowOf = (i: number, status: Row['status']): Row => ({
  ...RECIPIENTS.items[0]!,
  clientId: `55555555-5555-4555-8555-${String(i).padStart(12, '0')}`,
  firstName: `Client ${i}`,
  status,
  sentAt: status === 'SENT' ? '2026-11-21T09:00:02.000Z' : null,
})

/** A fake back end: the send is at `phase`; each call is recorded with its input. */
function backend() {
  const server = {
    phase: 'early' as 'early' | 'middle' | 'finished' | 'paused',
    calls: [] as { actor: string; input: unknown }[],
    /** Answers held back (their promise resolves when released). */
    hold: new Set<string>(),
    held: [] as (() => void)[],
    failing: new Set<string>(),
  }
  const sentBy = { early: 2, middle: 6, finished: 12, paused: 6 }
  const campaign = (): Campaign => {
    const sent = sentBy[server.phase]
    if (server.phase === 'finished') return SENT
    const base = server.phase === 'paused' ? { ...SENDING, dispatchStatus: 'PAUSED' as const } : SENDING
    return { ...base, progress: { ...SENDING.progress, sent, sending: 0, pending: 12 - sent } }
  }
  const answer = <T>(actor: string, input: unknown, value: () => T) => {
    server.calls.push({ actor, input })
    if (server.failing.has(actor)) return Promise.reject(new ApiError(500, 'INTERNAL_ERROR', 'down'))
    if (!server.hold.has(actor)) return Promise.resolve(value())
    return new Promise<T>((resolve) => server.held.push(() => resolve(value())))
  }
  const machine = campaignDetailMachine.provide({
    actors: {
      loadCampaign: fromPromise<Campaign, { id: string }>(({ input }) =>
        answer('loadCampaign', input, campaign),
      ),
      loadStats: fromPromise<CampaignStats, { id: string }>(({ input }) =>
        answer('loadStats', input, () => ({ ...STATS, notified: sentBy[server.phase] })),
      ),
      loadCoupon: fromPromise<CampaignCoupon | null, { id: string }>(async () => null),
      loadRecipients: fromPromise<RecipientPage, { id: string; query: RecipientQuery }>(({ input }) =>
        answer('loadRecipients', input, () => {
          // 12 clients, the first `sent` of them sent, the rest still being sent; paged like the server.
          const all = Array.from({ length: 12 }, (_, i) =>
            rowOf(i + 1, i < sentBy[server.phase] ? 'SENT' : 'SENDING'),
          ).filter((r) => !input.query.status || r.status === input.query.status)
          const from = (input.query.page - 1) * input.query.size
          return { items: all.slice(from, from + input.query.size), ...input.query, total: all.length }
        }),
      ),
      pauseCampaign: fromPromise<Campaign, { id: string }>(({ input }) => {
        server.phase = 'paused'
        return answer('pauseCampaign', input, campaign)
      }),
    },
  })
  return { server, machine }
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const callsOf = (server: ReturnType<typeof backend>['server'], actor: string) =>
  server.calls.filter((c) => c.actor === actor)

describe('campaign detail: results and notified clients follow the progress', () => {
  it('reads them again on each progress tick, on the same page and filter, and once more when it finishes', async () => {
    const { server, machine } = backend()
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input, clock }).start()
    await settle()
    actor.send({ type: 'detail.recipientsStatus', status: 'SENDING' })
    await settle()
    actor.send({ type: 'detail.recipientsPage', page: 1 }) // the same page: nothing asked
    await settle()
    let view = toCampaignDetailView(actor.getSnapshot())
    expect(view).toMatchObject({ isWatching: true, stats: { value: { notified: 2 } } })
    expect(view.recipients.value?.items.map((r) => r.status)).toEqual(Array(10).fill('SENDING'))
    actor.send({ type: 'detail.recipientsPage', page: 2 })
    await settle()
    expect(toCampaignDetailView(actor.getSnapshot()).recipients.value).toMatchObject({ page: 2, total: 10 })
    const before = {
      stats: callsOf(server, 'loadStats').length,
      list: callsOf(server, 'loadRecipients').length,
    }
    expect(before).toEqual({ stats: 1, list: 3 })

    // A tick while it runs: the progress, then the results and the same page of the filtered list.
    server.phase = 'middle'
    server.hold = new Set(['loadStats', 'loadRecipients'])
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    view = toCampaignDetailView(actor.getSnapshot())
    expect(view.progress).toMatchObject({ sent: 6, pending: 6 })
    expect(callsOf(server, 'loadStats')).toHaveLength(2)
    expect(callsOf(server, 'loadRecipients').at(-1)!.input).toEqual({
      id: CAMPAIGN_ID,
      query: { page: 2, size: 10, status: 'SENDING' },
    })
    // Meanwhile what was shown stays, with no loading state.
    expect(view.stats).toMatchObject({ isLoading: false, isRefreshing: true, value: { notified: 2 } })
    expect(view.recipients).toMatchObject({
      isLoading: false,
      isRefreshing: true,
      value: { page: 2, total: 10 },
    })
    for (const release of server.held.splice(0)) release()
    server.hold.clear()
    await settle()
    view = toCampaignDetailView(actor.getSnapshot())
    expect(view.stats).toMatchObject({ isRefreshing: false, value: { notified: 6 } })
    // 6 still being sent: one page of them now, and page 2 still asked (the server answers it empty).
    expect(view.recipients).toMatchObject({ isRefreshing: false, query: { page: 2, status: 'SENDING' } })
    expect(view.recipients.value).toMatchObject({ total: 6, items: [] })

    // Back to every status, page 1; then the send finishes.
    actor.send({ type: 'detail.recipientsStatus', status: null })
    await settle()
    server.phase = 'finished'
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    view = toCampaignDetailView(actor.getSnapshot())
    expect(view).toMatchObject({
      isWatching: false,
      info: { value: { displayStatus: 'finished' } },
      progress: { sent: 12, pending: 0, percent: 100 },
      stats: { value: { notified: 12 } },
    })
    expect(view.recipients.value?.items.map((r) => r.status)).toEqual(Array(10).fill('SENT'))
    expect(callsOf(server, 'loadStats')).toHaveLength(3)
    expect(callsOf(server, 'loadRecipients').at(-1)!.input).toEqual({
      id: CAMPAIGN_ID,
      query: { page: 1, size: 10, status: null },
    })
    // Finished: nothing is read any more.
    const after = server.calls.length
    clock.increment(PROGRESS_REFRESH_MS * 5)
    await settle()
    expect(server.calls.length).toBe(after)
    actor.stop()
  })

  it('asks again a read still under way when the send finishes (its answer may predate the end)', async () => {
    const { server, machine } = backend()
    const clock = new SimulatedClock()
    server.hold = new Set(['loadStats', 'loadRecipients'])
    const actor = createActor(machine, { input, clock }).start()
    await settle()
    expect(toCampaignDetailView(actor.getSnapshot()).stats.isLoading).toBe(true)
    // A tick while it still runs leaves the first reads alone.
    server.phase = 'middle'
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    expect(callsOf(server, 'loadStats')).toHaveLength(1)
    server.phase = 'finished'
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    expect(callsOf(server, 'loadStats')).toHaveLength(2)
    expect(callsOf(server, 'loadRecipients')).toHaveLength(2)
    for (const release of server.held.splice(0)) release()
    await settle()
    const view = toCampaignDetailView(actor.getSnapshot())
    expect(view.stats).toMatchObject({ isLoading: false, value: { notified: 12 } })
    expect(view.recipients.value?.items.every((r) => r.status === 'SENT')).toBe(true)
    actor.stop()
  })

  it('reads them again when the merchant pauses the send; a failed last read shows its error', async () => {
    const { server, machine } = backend()
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input, clock }).start()
    await settle()
    server.failing = new Set(['loadStats'])
    actor.send({ type: 'detail.pause' })
    await settle()
    const view = toCampaignDetailView(actor.getSnapshot())
    expect(view).toMatchObject({ isWatching: false, canResume: true, progress: { sent: 6 } })
    expect(callsOf(server, 'loadStats')).toHaveLength(2)
    expect(callsOf(server, 'loadRecipients')).toHaveLength(2)
    expect(view.recipients.value?.items.filter((r) => r.status === 'SENT')).toHaveLength(6)
    // The send no longer moves: no later tick would fix the results, so their failure shows.
    expect(view.stats).toMatchObject({ isFailed: true })
    actor.stop()
  })

  it('while the pause is under way the view offers that button only, busy: the machine takes no other action', async () => {
    const { server, machine } = backend()
    const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
    await settle()
    expect(toCampaignDetailView(actor.getSnapshot())).toMatchObject({
      canPause: true,
      canCancel: true,
      canEdit: true,
      canResume: false,
    })
    server.hold = new Set(['pauseCampaign'])
    actor.send({ type: 'detail.pause' })
    await settle()
    expect(toCampaignDetailView(actor.getSnapshot())).toMatchObject({
      canPause: true,
      isPausing: true,
      canCancel: false,
      canEdit: false,
      canResume: false,
    })
    for (const release of server.held.splice(0)) release()
    await settle()
    expect(toCampaignDetailView(actor.getSnapshot())).toMatchObject({
      canPause: false,
      canResume: true,
      isPausing: false,
    })
    actor.stop()
  })

  it('a refresh that fails while the send runs keeps what is shown; the next tick asks again', async () => {
    const { server, machine } = backend()
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input, clock }).start()
    await settle()
    server.failing = new Set(['loadRecipients'])
    server.phase = 'middle'
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    let view = toCampaignDetailView(actor.getSnapshot())
    expect(view.recipients).toMatchObject({ isFailed: false, isLoading: false })
    expect(view.recipients.value?.items.filter((r) => r.status === 'SENT')).toHaveLength(2)
    server.failing.clear()
    clock.increment(PROGRESS_REFRESH_MS)
    await settle()
    view = toCampaignDetailView(actor.getSnapshot())
    expect(callsOf(server, 'loadRecipients')).toHaveLength(3)
    expect(view.recipients.value?.items.filter((r) => r.status === 'SENT')).toHaveLength(6)
    actor.stop()
  })
})
