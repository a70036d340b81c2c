import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { clientEraseMachine, erasureError, toClientEraseView } from '../../machines/client-erase'
import { ApiError } from '../../src/api/client'
import { canEraseClients } from '../../src/domain/gdpr'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const input = { franchiseId: 'f1', clientId: 'c1', mayErase: true }
const ERASED = { clientId: 'c1', erasedAt: '2026-11-25T10:00:00.000Z', alreadyErased: false }

const events = [
  { type: 'erase.open' },
  { type: 'erase.confirm' },
  { type: 'erase.cancel' },
  { type: 'erase.retry' },
  { type: 'xstate.done.actor.eraseClient', output: ERASED },
  { type: 'xstate.error.actor.eraseClient', error: new ApiError(403, 'CLIENT_SHARED', 'shared') },
  { type: 'xstate.error.actor.eraseClient', error: new ApiError(500, 'INTERNAL_ERROR', 'boom') },
]

/** Replays a path with recording actors and the app's effects counted. */
function run(steps: Parameters<typeof replay>[1], machineInput = input) {
  const calls: Calls = []
  const effects: string[] = []
  const machine = clientEraseMachine.provide({
    actors: recordingActors(['eraseClient'], calls) as never,
    actions: {
      notify: (_, p: { level: string; id: string }) => effects.push(`${p.level}:${p.id}`),
      goToList: () => effects.push('list'),
    },
  })
  const snapshot = replay(machine, steps, machineInput)
  return { snapshot, view: toClientEraseView(snapshot), calls, effects }
}

describe('who is offered the erasure (domain/gdpr.ts)', () => {
  it('is the owners the routes allow', () => {
    expect(canEraseClients('FRANCHISE_OWNER')).toBe(true)
    expect(canEraseClients('STORE_OWNER')).toBe(true)
    expect(canEraseClients('LB_TECH')).toBe(false)
    expect(canEraseClients(null)).toBe(false)
  })

  it('names a refusal for a shared client apart from a failure', () => {
    expect(erasureError(new ApiError(403, 'CLIENT_SHARED', ''))).toBe('gdpr.erase.errors.shared')
    expect(erasureError(new ApiError(404, 'NOT_FOUND', ''))).toBe('gdpr.erase.errors.notFound')
    expect(erasureError(new Error('network'))).toBe('gdpr.erase.errors.failed')
  })
})

describe('client erase machine', () => {
  const paths = generatePaths(clientEraseMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(clientEraseMachine, paths)
  })

  it('shows on each path what its state must show, and erases only after a confirmation', () => {
    expect(paths.length).toBeGreaterThanOrEqual(5)
    checkEachPath(paths, (path, events) => {
      const { view, calls, effects } = run(path.steps)
      const confirmed = events.filter((e) => ['erase.confirm', 'erase.retry'].includes(e.type))
      // One call per confirmation or retry, always for this client of this franchise.
      expect(calls).toHaveLength(confirmed.length)
      for (const c of calls) expect(c.input).toEqual({ franchiseId: 'f1', clientId: 'c1' })
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
        case 'erase.cancel':
          expect(view).toMatchObject({ canOpen: true, isOpen: false, error: null })
          expect(effects).toEqual([])
          break
        case 'erase.open':
          expect(view).toMatchObject({ canOpen: false, isOpen: true, isErasing: false, canRetry: false })
          expect(view.error).toBeNull()
          break
        case 'erase.confirm':
        case 'erase.retry':
          expect(view).toMatchObject({ isOpen: true, isErasing: true, canRetry: false, error: null })
          expect(calls.length).toBeGreaterThan(0)
          break
        case 'xstate.error.actor.eraseClient':
          expect(view).toMatchObject({ isOpen: true, isFailed: true, canRetry: true })
          expect(view.error).toBe(
            last.error.code === 'CLIENT_SHARED' ? 'gdpr.erase.errors.shared' : 'gdpr.erase.errors.failed',
          )
          expect(effects).toEqual([])
          break
        case 'xstate.done.actor.eraseClient':
          expect(view).toMatchObject({ isDone: true, isOpen: false, canOpen: false })
          expect(effects).toEqual(['success:gdpr.erase.success', 'list'])
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })

  it('is not offered to a caller who may not erase', () => {
    const { view, snapshot, calls } = run([{ event: { type: 'erase.open' } }], { ...input, mayErase: false })
    expect(snapshot.value).toBe('idle')
    expect(view.canOpen).toBe(false)
    expect(calls).toEqual([])
  })

  it('cancels from the confirmation and from a failure without calling again', () => {
    const { snapshot, calls } = run([
      { event: { type: 'erase.open' } },
      { event: { type: 'erase.cancel' } },
      { event: { type: 'erase.open' } },
      { event: { type: 'erase.confirm' } },
      { event: { type: 'xstate.error.actor.eraseClient', error: new ApiError(500, 'X', '') } },
      { event: { type: 'erase.cancel' } },
    ])
    expect(snapshot.value).toBe('idle')
    expect(toClientEraseView(snapshot).error).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('erases through the real actor wiring and ends', async () => {
    const actor = createActor(
      clientEraseMachine.provide({
        actors: { eraseClient: (await import('xstate')).fromPromise(async () => ERASED) },
      }),
      { input },
    )
    actor.start()
    actor.send({ type: 'erase.open' })
    actor.send({ type: 'erase.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().status).toBe('done')
  })
})
