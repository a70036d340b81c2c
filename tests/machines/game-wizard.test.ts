// The game wizard (machines/game-wizard): three steps, each one's §5 rules checked before the next;
// only a complete game (and a known user, §5) is saved; saving goes saved → the history with the
// draft reset, or back to the last step with games.creation.validation.error. An edit loads the game's
// draft first (a failure offers a retry) and saves it under its id.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { gameWizardMachine, toGameWizardView } from '../../machines/game-wizard'
import { ApiError } from '../../src/api/client'
import { emptyGame, type GameInput, gameRuleErrors } from '../../src/domain/games'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const TODAY = '2026-12-01'
const input = { userId: 'u1', today: TODAY }
const editInput = { ...input, gameId: 'g1' }
/** The edited game's draft as loadGame answers it: complete, one reward. */
const LOADED: GameInput = {
  ...emptyGame('2026-11-20'),
  name: 'Roue',
  storeInfos: [{ storeId: 's1', googleLink: null }],
  rewards: [{ id: 'r1', name: 'Café', type: 'POINTS', points: 10, coupon: null, weight: 50 }],
}
const events = [
  { type: 'wizard.set', patch: { name: 'Roue' } },
  { type: 'wizard.toggleStore', storeId: 's1' },
  { type: 'wizard.addReward', rewardType: 'POINTS' },
  { type: 'wizard.updateReward', index: 0, patch: { name: 'Café' } },
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  { type: 'wizard.submit' },
  { type: 'wizard.restart' },
  { type: 'xstate.done.actor.saveGame', output: {} },
  { type: 'xstate.error.actor.saveGame', error: new ApiError(400, 'VALIDATION_FAILED', 'x') },
  { type: 'xstate.done.actor.loadGame', output: LOADED },
  { type: 'xstate.error.actor.loadGame', error: new ApiError(500, 'INTERNAL', 'x') },
  { type: 'wizard.retry' },
]

type Effects = { calls: Calls; saved: number; failed: number; history: number }
function harness(e: Effects) {
  return gameWizardMachine.provide({
    actors: recordingActors(['saveGame', 'loadGame'], e.calls) as never,
    actions: {
      notifySaved: () => {
        e.saved++
      },
      notifyFailed: () => {
        e.failed++
      },
      goToHistory: () => {
        e.history++
      },
    },
  })
}
const effects = (): Effects => ({ calls: [], saved: 0, failed: 0, history: 0 })

describe('game wizard machine', () => {
  // Rewards beyond two add nothing new to check; the graph stays small.
  const small = (p: { state: { context: unknown } }) =>
    (p.state.context as { draft: GameInput }).draft.rewards.length <= 2
  const paths = [
    ...generatePaths(gameWizardMachine, events, input)
      .filter(small)
      .map((p) => ({ ...p, at: input })),
    ...generatePaths(gameWizardMachine, events, editInput)
      .filter(small)
      .map((p) => ({ ...p, at: editInput })),
  ]

  it('reaches every state', () => {
    expectEveryStateReached(gameWizardMachine, paths)
  })

  it('replays every path: a step is left only when valid, only a complete game is saved', () => {
    for (const path of paths) {
      const e = effects()
      const snapshot = replay(harness(e), path.steps, path.at)
      expect(snapshot.value).toEqual(path.state.value)
      const isEdit = 'gameId' in path.at
      const saves = e.calls.filter((c) => c.actor === 'saveGame')
      for (const c of saves) {
        const save = c.input as { game: GameInput; gameId: string | null }
        expect(gameRuleErrors(save.game)).toEqual([])
        // An edit updates its own game; a creation names none.
        expect(save.gameId).toBe(isEdit ? 'g1' : null)
      }
      const loads = e.calls.filter((c) => c.actor === 'loadGame')
      // Only an edit loads, once at the start and once per retry.
      expect(loads.length).toBe(
        isEdit ? 1 + path.steps.filter((s) => s.event.type === 'wizard.retry').length : 0,
      )
      for (const c of loads) expect(c.input).toEqual({ gameId: 'g1' })
      const view0 = toGameWizardView(snapshot)
      if (view0.isLoadFailed) expect(saves).toEqual([])
      expect(view0.isEdit).toBe(isEdit)
      const view = toGameWizardView(snapshot)
      if (view.step === 'rewards' || view.step === 'duration')
        expect(snapshot.context.draft.name).toBe('Roue')
      if (view.step === 'duration') expect(snapshot.context.draft.rewards.length).toBeGreaterThan(0)
      if (view.isSaved) {
        expect(snapshot.context.draft).toEqual(emptyGame(TODAY))
        expect([e.saved, e.history]).toEqual([1, 1])
      }
      expect(e.failed).toBe(path.steps.filter((s) => s.event.type === 'xstate.error.actor.saveGame').length)
    }
  })

  it('shows the step’s §5 messages, the preview sized by weight, and saves', () => {
    const e = effects()
    const actor = createActor(harness(e), { input }).start()
    actor.send({ type: 'wizard.next' })
    expect(toGameWizardView(actor.getSnapshot()).errors).toEqual({
      name: 'nameRequired',
      storeInfos: 'storeRequired',
    })
    actor.send({ type: 'wizard.set', patch: { name: 'Roue' } })
    actor.send({ type: 'wizard.toggleStore', storeId: 's1' })
    actor.send({ type: 'wizard.next' })
    expect(toGameWizardView(actor.getSnapshot())).toMatchObject({ step: 'rewards', errors: {} })
    actor.send({ type: 'wizard.addReward', rewardType: 'POINTS' })
    actor.send({ type: 'wizard.updateReward', index: 0, patch: { name: 'Café', weight: 25 } })
    const view = toGameWizardView(actor.getSnapshot(), 'Perdu')
    expect(view.slices.map((s) => [s.label, s.end - s.start])).toEqual([
      ['Café', 90],
      ['Perdu', 270],
    ])
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.set', patch: { startDate: '' } })
    actor.send({ type: 'wizard.submit' })
    expect(toGameWizardView(actor.getSnapshot()).errors).toEqual({ startDate: 'startDateRequired' })
    actor.send({ type: 'wizard.set', patch: { startDate: TODAY } })
    actor.send({ type: 'wizard.submit' })
    expect(toGameWizardView(actor.getSnapshot()).isSaving).toBe(true)
    expect((e.calls[0]!.input as { game: GameInput }).game).toMatchObject({ name: 'Roue', startDate: TODAY })
  })

  it('refuses to save without a user id (§5)', () => {
    const e = effects()
    const actor = createActor(harness(e), { input: { userId: null, today: TODAY } }).start()
    actor.send({ type: 'wizard.set', patch: { name: 'Roue' } })
    actor.send({ type: 'wizard.toggleStore', storeId: 's1' })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.addReward', rewardType: 'POINTS' })
    actor.send({ type: 'wizard.updateReward', index: 0, patch: { name: 'Café' } })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'wizard.submit' })
    expect(e.calls).toEqual([])
  })
})
