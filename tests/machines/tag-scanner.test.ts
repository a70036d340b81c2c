import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { TAG_SCANNER_RETRY_MS, tagScannerMachine, toTagScannerView } from '../../machines/tag-scanner'
import { TAG_SCANNER_POLL_MS, type TagDetail } from '../../src/domain/sale'
import { type Calls, generatePaths, leafStates, recordingActors, valueToPaths } from '../support/model'

const T0 = Date.parse('2026-11-21T10:00:00.000Z')
const TAG_ID = '33333333-3333-4333-8333-000000000001'
const TAG: TagDetail = {
  id: TAG_ID,
  tagId: 'brooklyn-bagels-williamsburg',
  name: 'Counter',
  storeId: '22222222-2222-4222-8222-222222222222',
  storeName: 'Brooklyn Bagels — Williamsburg',
  passages: 0,
  resetDelay: 180,
  manualPointsInfo: null,
}
const WITH_POINTS: TagDetail = {
  ...TAG,
  manualPointsInfo: {
    points: 12,
    amountCents: 1250,
    currencyCode: 'USD',
    injectionDate: new Date(T0).toISOString(),
    resetDelay: 180,
  },
}
const input = { tagId: TAG_ID }

describe('tag-scanner machine', () => {
  const events = [
    { type: 'xstate.done.actor.loadTag', output: TAG },
    { type: 'xstate.error.actor.loadTag', error: new Error('down') },
    { type: 'scanner.retry' },
    { type: 'xstate.after.POLL_INTERVAL.tagScanner.live.waiting' },
    { type: 'xstate.after.RETRY_DELAY.tagScanner.loadFailed' },
  ]
  const paths = generatePaths(tagScannerMachine, events, input)

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => valueToPaths(p.state.value)))
    expect([...reached].sort()).toEqual(leafStates(tagScannerMachine).sort())
  })

  it('replays every path on a simulated clock: every read is of this tag', () => {
    for (const path of paths) {
      const calls: Calls = []
      const clock = new SimulatedClock()
      const machine = tagScannerMachine.provide({
        actors: { ...recordingActors(['loadTag'], calls), ticker: fromCallback(() => () => {}) } as never,
      })
      const actor = createActor(machine, { input, clock }).start()
      for (const step of path.steps) {
        const e = step.event as { type: string }
        if (e.type === 'xstate.init') continue
        // Timers fire by moving the simulated clock, not by sending their events.
        if (e.type.startsWith('xstate.after.POLL')) clock.increment(TAG_SCANNER_POLL_MS)
        else if (e.type.startsWith('xstate.after.RETRY')) clock.increment(TAG_SCANNER_RETRY_MS)
        else actor.send(e as never)
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      for (const c of calls) expect(c).toEqual({ actor: 'loadTag', input })
      actor.stop()
    }
  })

  it('polls every 2 s: shows points waiting with the countdown, then "scan to collect" once collected', async () => {
    const clock = new SimulatedClock()
    clock.set(T0)
    const answers: TagDetail[] = [TAG, WITH_POINTS, WITH_POINTS, TAG]
    let reads = 0
    const ticker = fromCallback(({ sendBack }) => {
      let id: unknown
      const loop = () => {
        id = clock.setTimeout(() => {
          sendBack({ type: 'scanner.tick', now: clock.now() })
          loop()
        }, 1000)
      }
      sendBack({ type: 'scanner.tick', now: clock.now() })
      loop()
      return () => clock.clearTimeout(id as number)
    })
    const machine = tagScannerMachine.provide({
      actors: {
        ticker,
        loadTag: fromPromise(async () => {
          reads++
          const a = answers.shift()
          if (!a) throw new Error('down')
          return a
        }),
      } as never,
    })
    const actor = createActor(machine, { input, clock }).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    expect(toTagScannerView(actor.getSnapshot())).toMatchObject({ pending: null, tag: TAG })
    clock.increment(TAG_SCANNER_POLL_MS)
    await settle()
    let view = toTagScannerView(actor.getSnapshot())
    expect(view.pending?.points).toBe(12)
    expect(view.remaining).toBe(178)
    clock.increment(1000)
    expect(toTagScannerView(actor.getSnapshot()).remaining).toBe(177)
    clock.increment(TAG_SCANNER_POLL_MS - 1000)
    await settle()
    clock.increment(TAG_SCANNER_POLL_MS)
    await settle()
    view = toTagScannerView(actor.getSnapshot())
    expect(view.pending).toBeNull()
    expect(reads).toBe(4)
    // A failed refresh keeps the screen and marks it stale.
    clock.increment(TAG_SCANNER_POLL_MS)
    await settle()
    expect(toTagScannerView(actor.getSnapshot()).isStale).toBe(true)
    actor.stop()
  })
})
