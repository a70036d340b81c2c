import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor, SimulatedClock } from 'xstate'
import { scannerSelectMachine, toScannerSelectView } from '../../machines/scanner-select'
import type { Tag, TagPage } from '../../src/domain/sale'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const FRANCHISE = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222222'
const tag = (n: number): Tag => ({
  id: `33333333-3333-4333-8333-00000000000${n}`,
  tagId: `tag-${n}`,
  name: `Counter ${n}`,
  storeId: STORE,
  passages: 3,
  resetDelay: 180,
  manualPointsInfo: null,
})
const page = (data: Tag[]): TagPage => ({
  data,
  metadata: { page: 1, size: data.length, total: data.length },
})
const input = { franchiseId: FRANCHISE, storeId: STORE }

const events = [
  { type: 'scanner.open' },
  { type: 'scanner.close' },
  { type: 'xstate.done.actor.loadTags', output: page([tag(1), tag(2)]) },
  { type: 'xstate.done.actor.loadTags', output: page([]) },
  { type: 'xstate.error.actor.loadTags', error: new Error('down') },
  { type: 'scanner.retry' },
  { type: 'scanner.choose', tagId: tag(2).id },
  { type: 'scanner.choose', tagId: 'unknown' },
]

function harness(calls: Calls, opened: unknown[]) {
  return scannerSelectMachine.provide({
    actors: recordingActors(['loadTags'], calls) as never,
    actions: { openScanner: (_, p: { storeId: string; tagId: string }) => opened.push(p) },
  })
}

function replay(machine: AnyStateMachine, steps: { event: { type: string } }[], actorInput: unknown) {
  const actor = createActor(machine, { input: actorInput, clock: new SimulatedClock() }).start()
  for (const step of steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
  const snap = actor.getSnapshot()
  actor.stop()
  return snap
}

describe('scanner-select machine', () => {
  const inputs = [input, { franchiseId: FRANCHISE, storeId: null }]
  const paths = inputs.flatMap((i) =>
    generatePaths(scannerSelectMachine, events, i).map((p) => ({ ...p, input: i })),
  )

  it('reaches every state', () => {
    expectEveryStateReached(scannerSelectMachine, paths)
  })

  it('replays every path: opens only a listed tag of the current store, then closes', () => {
    checkEachPath(paths, (path, events) => {
      const calls: Calls = []
      const opened: unknown[] = []
      const view = toScannerSelectView(replay(harness(calls, opened), path.steps, path.input))
      for (const c of calls) expect(c.input).toEqual(input)
      const last = events.at(-1)
      const chose = last?.type === 'scanner.choose' && last.tagId === tag(2).id
      // Opening a tag closes the dialog; only a listed tag of the current store opens.
      expect(opened).toEqual(chose ? [{ storeId: STORE, tagId: tag(2).id }] : [])
      switch (last?.type) {
        case undefined:
        case 'scanner.close':
          expect(view.isOpen).toBe(false)
          break
        case 'scanner.open':
        case 'scanner.retry':
          if (path.input.storeId === null) {
            expect(view.hasNoStore).toBe(true)
            expect(calls).toEqual([])
          } else {
            expect(view.isLoading).toBe(true)
            expect(calls.at(-1)?.actor).toBe('loadTags')
          }
          break
        case 'xstate.done.actor.loadTags':
          expect(view.hasNoTags).toBe(last.output.data.length === 0)
          expect(view.tags).toEqual(last.output.data)
          break
        case 'xstate.error.actor.loadTags':
          expect(view).toMatchObject({ isLoadFailed: true, error: 'dialogs.selectScanner.fetchTagsError' })
          break
        case 'scanner.choose':
          expect(chose).toBe(true)
          expect(view.isOpen).toBe(false)
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })

  it('says why nothing is listed: fetch error (retry), no tags, no store', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input }).start()
    actor.send({ type: 'scanner.open' })
    expect(toScannerSelectView(actor.getSnapshot()).isLoading).toBe(true)
    actor.send({ type: 'xstate.error.actor.loadTags', error: new Error('x') } as never)
    expect(toScannerSelectView(actor.getSnapshot())).toMatchObject({
      isLoadFailed: true,
      error: 'dialogs.selectScanner.fetchTagsError',
    })
    actor.send({ type: 'scanner.retry' })
    actor.send({ type: 'xstate.done.actor.loadTags', output: page([]) } as never)
    expect(toScannerSelectView(actor.getSnapshot())).toMatchObject({ hasNoTags: true, error: null, tags: [] })
    expect(calls).toHaveLength(2)
    const none = createActor(harness(calls, []), { input: { franchiseId: null, storeId: null } }).start()
    none.send({ type: 'scanner.open' })
    expect(toScannerSelectView(none.getSnapshot()).hasNoStore).toBe(true)
    expect(calls).toHaveLength(2)
  })
})
