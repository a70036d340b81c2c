import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  PRESENCE_REFRESH_MARGIN_MS,
  TAG_SCANNER_RETRY_MS,
  tagScannerMachine,
  toTagScannerView,
} from '../../machines/tag-scanner'
import { TAG_SCANNER_POLL_MS, type TagDetail } from '../../src/domain/sale'
import type { PresenceCode } from '../../src/domain/scan'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const T0 = Date.parse('2026-11-21T10:00:00.000Z')
const TAG_ID = '33333333-3333-4333-8333-000000000001'
const TAG: TagDetail = {
  id: TAG_ID,
  tagId: 'b4pln2wq7c',
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
const code = (c: string, refreshInMs = 12_000): PresenceCode => ({
  code: c,
  expiresAt: new Date(T0 + refreshInMs).toISOString(),
  refreshInMs,
})

describe('tag-scanner machine', () => {
  const events = [
    { type: 'xstate.done.actor.loadTag', output: TAG },
    { type: 'xstate.error.actor.loadTag', error: new Error('down') },
    { type: 'scanner.retry' },
    { type: 'xstate.done.actor.loadCode', output: code('Qz3_x-Lm8RtA') },
    { type: 'xstate.error.actor.loadCode', error: new Error('down') },
    { type: 'xstate.after.POLL_INTERVAL.tagScanner.live.tag.waiting' },
    { type: 'xstate.after.RETRY_DELAY.tagScanner.loadFailed' },
    { type: 'xstate.after.CODE_REFRESH.tagScanner.live.code.showing' },
    { type: 'xstate.after.RETRY_DELAY.tagScanner.live.code.retrying' },
  ]
  const paths = generatePaths(tagScannerMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(tagScannerMachine, paths)
  })

  it('replays every path on a simulated clock: every read is of this tag, the QR code only with a code', () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const clock = new SimulatedClock()
      const machine = tagScannerMachine.provide({
        actors: {
          ...recordingActors(['loadTag', 'loadCode'], calls),
          ticker: fromCallback(() => () => {}),
        } as never,
      })
      const actor = createActor(machine, { input, clock }).start()
      for (const step of path.steps) {
        const e = step.event as { type: string }
        if (e.type === 'xstate.init') continue
        // Before the live screen, the first read's retry fires by moving the simulated clock. On the
        // live screen two regions run timers at once: the path's timer is sent, the clock stays.
        if (e.type === 'xstate.after.RETRY_DELAY.tagScanner.loadFailed') clock.increment(TAG_SCANNER_RETRY_MS)
        else actor.send(e as never)
      }
      const snapshot = actor.getSnapshot()
      for (const c of calls) expect(['loadTag', 'loadCode']).toContain(c.actor)
      for (const c of calls) expect(c.input).toEqual(input)
      const view = toTagScannerView(snapshot)
      // The code shown is the last the server gave (none before); a failed read marks it stale.
      const evs = path.steps.map((x) => x.event as { type: string; [k: string]: unknown })
      const given = evs.findLast((e) => e.type === 'xstate.done.actor.loadCode')?.output as
        | PresenceCode
        | undefined
      expect(view.code).toBe(given?.code ?? null)
      const last = evs.at(-1)!
      switch (last.type) {
        case 'xstate.init':
          expect(view.isLoading).toBe(true)
          expect(calls).toEqual([{ actor: 'loadTag', input }])
          break
        case 'xstate.done.actor.loadTag':
          expect(view).toMatchObject({ isLoading: false, isLoadFailed: false })
          break
        case 'xstate.error.actor.loadTag':
          // A first read that fails says so; a later poll that fails keeps the screen, marked stale.
          if (evs.some((e) => e.type === 'xstate.done.actor.loadTag'))
            expect(view).toMatchObject({ isLoadFailed: false, isStale: true })
          else expect(view.isLoadFailed).toBe(true)
          break
        case 'scanner.retry':
        case 'xstate.after.RETRY_DELAY.tagScanner.loadFailed':
        case 'xstate.after.POLL_INTERVAL.tagScanner.live.tag.waiting':
          expect(calls.at(-1)?.actor).toBe('loadTag')
          break
        case 'xstate.done.actor.loadCode':
          expect(view.isStale).toBe(false)
          break
        case 'xstate.error.actor.loadCode':
          expect(view.isStale).toBe(true)
          break
        case 'xstate.after.CODE_REFRESH.tagScanner.live.code.showing':
        case 'xstate.after.RETRY_DELAY.tagScanner.live.code.retrying':
          expect(calls.at(-1)?.actor).toBe('loadCode')
          break
        default:
          throw new Error(`no expectation for ${last.type}`)
      }
      actor.stop()
    })
  })

  it('reads the next code when the server says the current one ends, and retries a failed read', async () => {
    const clock = new SimulatedClock()
    clock.set(T0)
    const answers: (PresenceCode | Error)[] = [
      code('AAAAAAAAAAAA', 12_000),
      new Error('down'),
      code('BBBBBBBBBBBB', 30_000),
    ]
    const reads: number[] = []
    const machine = tagScannerMachine.provide({
      actors: {
        ticker: fromCallback(() => () => {}),
        loadTag: fromPromise(async () => TAG),
        loadCode: fromPromise(async () => {
          reads.push(clock.now() - T0)
          const a = answers.shift()!
          if (a instanceof Error) throw a
          return a
        }),
      } as never,
    })
    const actor = createActor(machine, { input, clock }).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    expect(toTagScannerView(actor.getSnapshot())).toMatchObject({ code: 'AAAAAAAAAAAA', isStale: false })
    // Not before the window ends (12 s, plus the margin)…
    clock.increment(12_000 + PRESENCE_REFRESH_MARGIN_MS - 1)
    await settle()
    expect(reads).toEqual([0])
    clock.increment(1)
    await settle()
    // …then a failed read keeps the last code on screen, marked stale, and tries again.
    expect(reads).toEqual([0, 12_500])
    expect(toTagScannerView(actor.getSnapshot())).toMatchObject({ code: 'AAAAAAAAAAAA', isStale: true })
    clock.increment(TAG_SCANNER_RETRY_MS)
    await settle()
    expect(reads).toEqual([0, 12_500, 12_500 + TAG_SCANNER_RETRY_MS])
    expect(toTagScannerView(actor.getSnapshot())).toMatchObject({ code: 'BBBBBBBBBBBB', isStale: false })
    actor.stop()
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
        loadCode: fromPromise(async () => code('Qz3_x-Lm8RtA')),
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
