// The analytics machine, model-based: every leaf state is reachable, and every generated path
// replays on a real actor with the calls each card made. Plus the filters' rules and the view.
import { describe, expect, it } from 'vitest'
import { type AnyActorLogic, createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  ANALYTICS_CARDS,
  analyticsMachine,
  CARD_ACTORS,
  type CardData,
  type CardId,
  SCREEN_CARDS,
  toAnalyticsView,
  topBarStore,
} from '../../machines/analytics'
import { cardFixtures, EMPTY_FIXTURES, FID, STORES } from '../support/analytics-fixtures'
import {
  type Calls,
  generatePaths,
  leafStates,
  recordingActors,
  replayEachPath,
  valueToPaths,
} from '../support/model'

const input = { franchiseId: FID, stores: STORES, today: '2026-03-31', cards: SCREEN_CARDS.analytics }
const actorNames = Object.values(CARD_ACTORS)

const harness = (calls: Calls) =>
  analyticsMachine.provide({ actors: recordingActors(actorNames, calls) as never })

const fixtures = cardFixtures()
// One card's answers and failures stand for all: the others follow the same region.
const events = [
  { type: 'xstate.done.actor.loadVisitsDays', output: fixtures.visitsDays },
  { type: 'xstate.error.actor.loadVisitsDays', error: new Error('down') },
  { type: 'xstate.done.actor.loadFrequency', output: fixtures.frequency },
  { type: 'xstate.error.actor.loadFrequency', error: new Error('down') },
  { type: 'card.retry', card: 'visitsDays' },
  { type: 'card.retry', card: 'frequency' },
  { type: 'filters.store', storeId: STORES[0]!.id },
  { type: 'filters.store', storeId: null },
  { type: 'filters.period', days: 90 },
]

describe('analytics machine', () => {
  it('reaches every leaf state', () => {
    const reached = new Set<string>()
    // Each card's region is driven by its own answers, on each screen (where it may be hidden).
    for (const card of ANALYTICS_CARDS) {
      const actor = CARD_ACTORS[card]
      const own = [
        { type: `xstate.done.actor.${actor}`, output: fixtures[card] },
        { type: `xstate.error.actor.${actor}`, error: new Error('down') },
        { type: 'card.retry', card },
        { type: 'filters.store', storeId: STORES[0]!.id },
        { type: 'filters.store', storeId: null },
      ]
      for (const cards of Object.values(SCREEN_CARDS))
        for (const p of generatePaths(analyticsMachine, own, { ...input, cards }))
          for (const v of valueToPaths(p.state.value)) if (v.startsWith(`dashboard.${card}.`)) reached.add(v)
    }
    expect([...reached].sort()).toEqual(leafStates(analyticsMachine).sort())
    expect(leafStates(analyticsMachine)).toHaveLength(ANALYTICS_CARDS.length * 4 + 2)
  })

  it('replays every generated path: each card shows what its own answers and the filters say', () => {
    const paths = generatePaths(analyticsMachine, events, input)
    expect(paths.length).toBeGreaterThan(10)
    replayEachPath(analyticsMachine, paths, {
      actors: actorNames,
      input,
      check: ({ events: steps, snapshot, calls }) => {
        // The filters and the two cards' statuses, folded from the path's events: a filter change
        // reloads every card; a store card waits for a store while there are several and none is chosen.
        let storeId: string | null = null
        let days = 30
        type Card = { status: string; data: unknown; loads: number }
        const reload = (card: 'visitsDays' | 'frequency'): Card =>
          card === 'frequency' && storeId === null
            ? { status: 'needsStore', data: null, loads: 0 }
            : { status: 'loading', data: null, loads: 1 }
        const cards = { visitsDays: reload('visitsDays'), frequency: reload('frequency') }
        const loads = { visitsDays: cards.visitsDays.loads, frequency: cards.frequency.loads }
        for (const e of steps) {
          if (e.type === 'filters.store' || e.type === 'filters.period') {
            if (e.type === 'filters.store') storeId = e.storeId
            else days = e.days
            for (const c of ['visitsDays', 'frequency'] as const) {
              cards[c] = reload(c)
              loads[c] += cards[c].loads
            }
          }
          for (const c of ['visitsDays', 'frequency'] as const) {
            const name = c === 'visitsDays' ? 'loadVisitsDays' : 'loadFrequency'
            if (e.type === `xstate.done.actor.${name}` && cards[c].status === 'loading')
              cards[c] = { status: 'ready', data: e.output, loads: 0 }
            if (e.type === `xstate.error.actor.${name}` && cards[c].status === 'loading')
              cards[c] = { status: 'failed', data: null, loads: 0 }
            if (e.type === 'card.retry' && e.card === c && cards[c].status === 'failed') {
              cards[c] = { status: 'loading', data: null, loads: 1 }
              loads[c]++
            }
          }
        }
        const view = toAnalyticsView(snapshot)
        expect(view.storeId).toBe(storeId)
        expect(view.period).toBe(days)
        for (const c of ['visitsDays', 'frequency'] as const) {
          const card = view.card(c)
          expect(card.status === 'empty' ? 'ready' : card.status).toBe(cards[c].status)
          expect(card.data).toEqual(cards[c].data)
          expect(card.error).toBe(cards[c].status === 'failed' ? 'analytics.errors.load' : null)
        }
        expect(calls.filter((c) => c.actor === 'loadVisitsDays')).toHaveLength(loads.visitsDays)
        expect(calls.filter((c) => c.actor === 'loadFrequency')).toHaveLength(loads.frequency)
        // Every call asks for the franchise over the chosen period, a store card for its store.
        const last = calls.filter((c) => c.actor === 'loadVisitsDays').at(-1)
        expect(last?.input).toMatchObject({ franchiseId: FID, storeId, endDate: '2026-03-31' })
        for (const call of calls) {
          const i = call.input as { franchiseId: string; storeId: string | null; endDate: string }
          expect(i.franchiseId).toBe(FID)
          expect(i.endDate).toBe('2026-03-31')
          if (call.actor === 'loadFrequency' || call.actor === 'loadReturns') expect(i.storeId).not.toBeNull()
        }
      },
    })
  })

  it('loads every card in parallel and waits for a store where one is needed', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls), { input, clock: new SimulatedClock() }).start()
    expect(calls.map((c) => c.actor).sort()).toEqual(
      actorNames.filter((a) => a !== 'loadFrequency' && a !== 'loadReturns').sort(),
    )
    expect(calls[0]!.input).toEqual({
      franchiseId: FID,
      storeId: null,
      startDate: '2026-03-02',
      endDate: '2026-03-31',
    })
    const view = toAnalyticsView(actor.getSnapshot())
    expect(view.card('frequency').status).toBe('needsStore')
    expect(view.card('visitsDays').status).toBe('loading')
    expect(view.isLoading).toBe(true)

    calls.length = 0
    actor.send({ type: 'filters.store', storeId: STORES[1]!.id })
    expect(calls).toHaveLength(actorNames.length)
    expect(calls.every((c) => (c.input as { storeId: string }).storeId === STORES[1]!.id)).toBe(true)

    calls.length = 0
    actor.send({ type: 'filters.period', days: 7 })
    expect((calls[0]!.input as { startDate: string }).startDate).toBe('2026-03-25')
    // Unknown periods and stores, and the same values again, change nothing.
    calls.length = 0
    actor.send({ type: 'filters.period', days: 7 })
    actor.send({ type: 'filters.period', days: 12 })
    actor.send({ type: 'filters.store', storeId: 'not-a-store' })
    expect(calls).toHaveLength(0)
    actor.stop()
  })

  it('keeps each card to itself: one fails and retries while the others show', async () => {
    let fail = true
    const ok = (id: CardId) => fromPromise(async () => fixtures[id])
    const actors: Record<string, AnyActorLogic> = Object.fromEntries(
      ANALYTICS_CARDS.map((id) => [CARD_ACTORS[id], ok(id)]),
    )
    actors.loadBasket = fromPromise(async () => {
      if (fail) throw new Error('down')
      return fixtures.basket
    })
    const actor = createActor(analyticsMachine.provide({ actors: actors as never }), {
      input: { ...input, storeId: STORES[0]!.id },
    }).start()
    await new Promise((r) => setTimeout(r, 0))
    let view = toAnalyticsView(actor.getSnapshot())
    expect(view.card('basket')).toMatchObject({
      status: 'failed',
      error: 'analytics.errors.load',
      data: null,
    })
    expect(view.card('visitsDays')).toMatchObject({ status: 'ready', data: fixtures.visitsDays })
    expect(view.card('frequency').status).toBe('ready')
    fail = false
    actor.send({ type: 'card.retry', card: 'basket' })
    await new Promise((r) => setTimeout(r, 0))
    view = toAnalyticsView(actor.getSnapshot())
    expect(view.card('basket')).toMatchObject({ status: 'ready', error: null })
    expect(view.isLoading).toBe(false)
    actor.stop()
  })

  it('says a card is empty for a new franchise', async () => {
    const actors = Object.fromEntries(
      ANALYTICS_CARDS.map((id) => [
        CARD_ACTORS[id],
        fromPromise(async () => EMPTY_FIXTURES[id as keyof CardData]),
      ]),
    )
    const actor = createActor(analyticsMachine.provide({ actors: actors as never }), {
      input: { ...input, storeId: STORES[0]!.id },
    }).start()
    await new Promise((r) => setTimeout(r, 0))
    const view = toAnalyticsView(actor.getSnapshot())
    expect(view.cards.map((c) => c.status)).toEqual(ANALYTICS_CARDS.map(() => 'empty'))
    actor.stop()
  })

  it('starts a store owner on its only store and hides cards its screen does not show', () => {
    const calls: Calls = []
    const one = [STORES[0]!]
    const actor = createActor(harness(calls), {
      input: { ...input, stores: one, storeId: one[0]!.id, cards: SCREEN_CARDS.loyalty },
    }).start()
    const view = toAnalyticsView(actor.getSnapshot())
    expect(view.canChooseStore).toBe(false)
    expect(view.cards.map((c) => c.id)).toEqual([...SCREEN_CARDS.loyalty])
    expect(calls.map((c) => c.actor).sort()).toEqual(SCREEN_CARDS.loyalty.map((c) => CARD_ACTORS[c]).sort())
    actor.stop()
  })

  it('reads the only store of a single-store franchise for frequency and returns (no store to choose)', () => {
    const calls: Calls = []
    const one = [STORES[0]!]
    const actor = createActor(harness(calls), { input: { ...input, stores: one } }).start()
    const view = toAnalyticsView(actor.getSnapshot())
    expect(view.canChooseStore).toBe(false)
    expect(view.card('frequency').status).toBe('loading')
    expect(view.card('returns').status).toBe('loading')
    const storeOf = (name: string) =>
      (calls.find((c) => c.actor === name)?.input as { storeId: string | null } | undefined)?.storeId
    expect(storeOf('loadFrequency')).toBe(one[0]!.id)
    expect(storeOf('loadReturns')).toBe(one[0]!.id)
    // The franchise-wide cards stay on the whole franchise (the same figures, one store).
    expect(storeOf('loadVisitsDays')).toBeNull()
    actor.stop()
  })

  it('starts on the store given by the top bar', () => {
    expect(topBarStore(STORES[1]!.id, STORES, 'FRANCHISE_OWNER')).toBe(STORES[1]!.id)
    expect(topBarStore('elsewhere', STORES, 'FRANCHISE_OWNER')).toBeNull()
    expect(topBarStore(undefined, [STORES[0]!], 'STORE_OWNER')).toBe(STORES[0]!.id)
    const calls: Calls = []
    const actor = createActor(harness(calls), { input: { ...input, storeId: STORES[1]!.id } }).start()
    expect(toAnalyticsView(actor.getSnapshot()).storeId).toBe(STORES[1]!.id)
    expect(calls.every((c) => (c.input as { storeId: string }).storeId === STORES[1]!.id)).toBe(true)
    actor.stop()
  })
})
