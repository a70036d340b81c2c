import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { satisfactionMachine, toSatisfactionView } from '../../machines/satisfaction'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'
import { DEMO_SATISFACTION, NO_OPINION, STORE_A, STORE_B } from '../support/opinions-fixtures'

const ACTORS = ['loadSatisfaction']
const events = [
  { type: 'satisfaction.filter', storeId: STORE_A },
  { type: 'satisfaction.filter', storeId: null },
  { type: 'satisfaction.retry' },
  { type: 'xstate.done.actor.loadSatisfaction', output: DEMO_SATISFACTION },
  { type: 'xstate.done.actor.loadSatisfaction', output: NO_OPINION },
  { type: 'xstate.error.actor.loadSatisfaction', error: new ApiError(500, 'INTERNAL', 'down') },
]

function start(calls: Calls = []) {
  return createActor(satisfactionMachine.provide({ actors: recordingActors(ACTORS, calls) as never }), {
    input: {},
  }).start()
}

describe('satisfaction machine', () => {
  const paths = generatePaths(satisfactionMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(satisfactionMachine, paths)
  })

  it('replays every path: each load asks for the store filtered at that moment', () => {
    expect(paths.length).toBeGreaterThan(5)
    replayEachPath(satisfactionMachine, paths, {
      actors: ACTORS,
      check: ({ events, last, snapshot, calls }) => {
        // The store filtered, folded from the path's filters; one load on opening, then one per
        // filter change and per retry, each for the store filtered then.
        let storeId: string | null = null
        let asked = 1
        for (const e of events) {
          if (e.type === 'satisfaction.filter') {
            storeId = e.storeId
            asked++
          }
          if (e.type === 'satisfaction.retry') asked++
        }
        expect(calls).toHaveLength(asked)
        expect(calls.at(-1)?.input).toEqual({ storeId })
        const view = toSatisfactionView(snapshot)
        expect(view.storeId).toBe(storeId)
        const answer = events.findLast((e) => e.type === 'xstate.done.actor.loadSatisfaction')?.output
        switch (last?.type) {
          case undefined:
            expect(view).toMatchObject({ isLoading: true, stores: [] })
            break
          case 'satisfaction.filter':
          case 'satisfaction.retry':
            // A first answer stays on screen while the next is read.
            expect(answer ? view.isRefreshing : view.isLoading).toBe(true)
            break
          case 'xstate.done.actor.loadSatisfaction':
            expect(view).toMatchObject({ isLoading: false, isRefreshing: false, isFailed: false })
            expect(view.hasNoOpinion).toBe(last.output === NO_OPINION)
            if (last.output === DEMO_SATISFACTION) expect(view.total?.count).toBe(20)
            break
          case 'xstate.error.actor.loadSatisfaction':
            expect(view).toMatchObject({ isLoading: false, isRefreshing: false, isFailed: true })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('loads, then narrows the latest opinions to a store and back, keeping the averages on screen', () => {
    const calls: Calls = []
    const actor = start(calls)
    const view = () => toSatisfactionView(actor.getSnapshot())
    expect(view()).toMatchObject({ isLoading: true, isRefreshing: false, stores: [] })
    expect(calls).toEqual([{ actor: 'loadSatisfaction', input: { storeId: null } }])
    actor.send({ type: 'xstate.done.actor.loadSatisfaction', output: DEMO_SATISFACTION } as never)
    expect(view()).toMatchObject({ isLoading: false, hasNoOpinion: false, hasNoStore: false })
    expect(view().stores).toHaveLength(2)
    expect(view().total?.count).toBe(20)
    actor.send({ type: 'satisfaction.filter', storeId: STORE_B })
    expect(view()).toMatchObject({ isRefreshing: true, storeId: STORE_B })
    expect(view().stores).toHaveLength(2)
    expect(calls.at(-1)?.input).toEqual({ storeId: STORE_B })
    // The same store again asks nothing.
    actor.send({ type: 'satisfaction.filter', storeId: STORE_B })
    expect(calls).toHaveLength(2)
  })

  it('draws the distribution bars five stars first, with their share', () => {
    const actor = start()
    actor.send({ type: 'xstate.done.actor.loadSatisfaction', output: DEMO_SATISFACTION } as never)
    const v = toSatisfactionView(actor.getSnapshot())
    const bars = v.bars({ 1: 1, 2: 0, 3: 1, 4: 0, 5: 2 }, 4)
    expect(bars).toEqual([
      { rating: 5, n: 2, percent: 50 },
      { rating: 4, n: 0, percent: 0 },
      { rating: 3, n: 1, percent: 25 },
      { rating: 2, n: 0, percent: 0 },
      { rating: 1, n: 1, percent: 25 },
    ])
  })

  it('says "no opinion yet", shows a failure with a retry, and names an unknown store', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({ type: 'xstate.done.actor.loadSatisfaction', output: NO_OPINION } as never)
    expect(toSatisfactionView(actor.getSnapshot()).hasNoOpinion).toBe(true)
    actor.send({ type: 'satisfaction.filter', storeId: STORE_A })
    actor.send({
      type: 'xstate.error.actor.loadSatisfaction',
      error: new ApiError(404, 'STORE_NOT_FOUND', 'x'),
    } as never)
    expect(toSatisfactionView(actor.getSnapshot())).toMatchObject({
      isFailed: true,
      error: 'pages.satisfaction.errors.storeNotFound',
    })
    actor.send({ type: 'satisfaction.retry' })
    actor.send({
      type: 'xstate.error.actor.loadSatisfaction',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(toSatisfactionView(actor.getSnapshot()).error).toBe('pages.satisfaction.errors.load')
    expect(calls).toHaveLength(3)
  })
})
