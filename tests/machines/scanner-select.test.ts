import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, createActor, SimulatedClock } from 'xstate'
import { scannerSelectMachine, toScannerSelectView } from '../../machines/scanner-select'
import type { Tag, TagPage } from '../../src/domain/sale'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors } from '../support/model'

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
    for (const path of paths) {
      const calls: Calls = []
      const opened: unknown[] = []
      const snap = replay(harness(calls, opened), path.steps, path.input)
      expect(snap.value).toEqual(path.state.value)
      for (const c of calls) expect(c.input).toEqual(input)
      const chose = path.steps.some(
        (s) => s.event.type === 'scanner.choose' && (s.event as { tagId: string }).tagId === tag(2).id,
      )
      if (opened.length) {
        expect(opened).toEqual([{ storeId: STORE, tagId: tag(2).id }])
        expect(snap.value).toBe('closed')
      }
      if (!chose) expect(opened).toEqual([])
    }
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
