// The getting-started checklist's machine (issue 34 item 4): every state is reached, and every path,
// replayed on the machine with recording actors (`.provide()`), asks the server for the dashboard's
// franchise and shows what the server answered: the list while steps remain, nothing once all are
// done or the owner hid it, the failure with its retry.
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { onboardingMachine, toOnboardingView } from '../../machines/onboarding'
import type { OnboardingStatus } from '../../src/domain/onboarding'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222222'
const FIRST_STORE: OnboardingStatus = {
  franchiseId: FID,
  steps: { store: true, card: false, poster: true, sale: false },
  posterStoreId: STORE,
}
const ALL_DONE: OnboardingStatus = {
  ...FIRST_STORE,
  steps: { store: true, card: true, poster: true, sale: true },
}

const events = [
  { type: 'xstate.done.actor.loadOnboarding', output: FIRST_STORE },
  { type: 'xstate.done.actor.loadOnboarding', output: ALL_DONE },
  { type: 'xstate.error.actor.loadOnboarding', error: new Error('down') },
  { type: 'onboarding.retry' },
  { type: 'onboarding.refresh' },
  { type: 'onboarding.hide' },
]

function run(
  steps: { event: { type: string } }[],
  input: { franchiseId: string | null; wasHidden: boolean },
) {
  const calls: Calls = []
  const hidden: (string | null)[] = []
  const machine = onboardingMachine.provide({
    actors: recordingActors(['loadOnboarding'], calls) as never,
    actions: { rememberHidden: (_, p: { franchiseId: string | null }) => hidden.push(p.franchiseId) },
  })
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
  for (const step of steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
  return { actor, calls, hidden }
}

type Step = 'loading' | 'showing' | 'refreshing' | 'failed' | 'done' | 'hidden'
/**
 * Where the checklist must be after these events, as issue 34 item 4 tells it: the list while steps
 * remain, nothing once all are done or hidden, a failed first load with a retry, a failed refresh
 * keeping the list.
 */
function expectedStep(events: { type: string; output?: unknown }[]): Step {
  let at: Step = 'loading'
  for (const e of events) {
    const allDone = e.output === ALL_DONE
    if (e.type === 'xstate.done.actor.loadOnboarding' && (at === 'loading' || at === 'refreshing'))
      at = allDone ? 'done' : 'showing'
    else if (e.type === 'xstate.error.actor.loadOnboarding' && at === 'loading') at = 'failed'
    else if (e.type === 'xstate.error.actor.loadOnboarding' && at === 'refreshing') at = 'showing'
    else if (e.type === 'onboarding.retry' && at === 'failed') at = 'loading'
    else if (e.type === 'onboarding.refresh' && at === 'showing') at = 'refreshing'
    else if (e.type === 'onboarding.hide' && at === 'showing') at = 'hidden'
  }
  return at
}

describe('onboarding machine', () => {
  const input = { franchiseId: FID, wasHidden: false }
  const paths = generatePaths(onboardingMachine, events, input)
  const hiddenPaths = generatePaths(onboardingMachine, events, { franchiseId: FID, wasHidden: true })

  it('reaches every state', () => {
    expectEveryStateReached(onboardingMachine, [...paths, ...hiddenPaths])
  })

  it('replays every path: asks for the dashboard’s franchise and shows what the server answered', () => {
    expect(paths.length).toBeGreaterThan(4)
    checkEachPath(paths, (path) => {
      const { actor, calls, hidden } = run(path.steps, input)
      const snap = actor.getSnapshot()
      const view = toOnboardingView(snap)
      for (const c of calls) expect(c).toEqual({ actor: 'loadOnboarding', input: { franchiseId: FID } })
      // Every arrival or retry, and every refresh, is one call; nothing is asked once hidden or done.
      const asks = path.steps.filter((s) =>
        ['xstate.init', 'onboarding.retry', 'onboarding.refresh'].includes(s.event.type),
      )
      expect(calls).toHaveLength(asks.length)
      const value = expectedStep(path.steps.map((x) => x.event))
      if (value === 'showing' || value === 'refreshing') {
        // The list shows the server's steps in order, the first one not done as the next.
        expect(view.isShown).toBe(true)
        expect(view.steps).toEqual([
          { id: 'store', done: true, isNext: false },
          { id: 'card', done: false, isNext: true },
          { id: 'poster', done: true, isNext: false },
          { id: 'sale', done: false, isNext: false },
        ])
        expect(view.doneCount).toBe(2)
        expect(view.posterStoreId).toBe(STORE)
        expect(view.canHide).toBe(value === 'showing')
        expect(view.isRefreshing).toBe(value === 'refreshing')
      } else {
        // Loading, failed, done or hidden: no list.
        expect(view.isShown).toBe(false)
        expect(view.steps).toEqual([])
      }
      expect(view.isFailed).toBe(value === 'failed')
      expect(view.error).toBe(value === 'failed' ? 'analytics.onboarding.errors.load' : null)
      expect(view.isLoading).toBe(value === 'loading')
      expect(hidden).toEqual(value === 'hidden' ? [FID] : [])
      actor.stop()
    })
  })

  it('asks nothing for a checklist the owner hid before', () => {
    for (const path of hiddenPaths) {
      const { actor, calls } = run(path.steps, { franchiseId: FID, wasHidden: true })
      expect(actor.getSnapshot().value).toBe('hidden')
      expect(calls).toEqual([])
      expect(toOnboardingView(actor.getSnapshot()).isShown).toBe(false)
      actor.stop()
    }
  })

  it('keeps the list as it was when a refresh fails, and asks for no franchise when there is none', () => {
    const { actor, calls } = run(
      [
        { event: { type: 'xstate.done.actor.loadOnboarding', output: FIRST_STORE } as never },
        { event: { type: 'onboarding.refresh' } },
        { event: { type: 'xstate.error.actor.loadOnboarding', error: new Error('down') } as never },
      ],
      input,
    )
    expect(actor.getSnapshot().value).toBe('showing')
    expect(toOnboardingView(actor.getSnapshot()).doneCount).toBe(2)
    expect(calls).toHaveLength(2)
    const none = run([], { franchiseId: null, wasHidden: false })
    expect(none.calls).toEqual([{ actor: 'loadOnboarding', input: { franchiseId: null } }])
  })
})
