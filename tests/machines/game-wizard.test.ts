// The game wizard (machines/game-wizard): three steps, each one's §5 rules checked before the next;
// only a complete game (and a known user, §5) is saved; saving goes saved → the history with the
// draft reset, or back to the last step with games.creation.validation.error. An edit loads the game's
// draft first (a failure offers a retry) and saves it under its id.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { gameWizardMachine, toGameWizardView } from '../../machines/game-wizard'
import { ApiError } from '../../src/api/client'
import { emptyGame, type GameInput } from '../../src/domain/games'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

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

// The §5 rules of a game, stated here apart from src/domain/games.ts (whose gameRuleErrors is the
// machine's guard): named, at least one store, a start date (and an end not before it), at least one
// reward, every reward named with a weight, and the weights within 100 % (exactly 100 % when the
// wheel has no losing slice).
const isDay = (d: string | null) => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d)
const isWheelStepDone = (g: GameInput) => g.name.trim() !== '' && g.storeInfos.length > 0
function areRewardsDone(g: GameInput) {
  const total = g.rewards.reduce((sum, r) => sum + Math.round(r.weight * 100), 0)
  const canLose = g.settings?.canLoose ?? true
  return (
    g.rewards.length > 0 &&
    g.rewards.every((r) => r.name.trim() !== '' && r.weight > 0) &&
    total <= 10_000 &&
    (canLose || total === 10_000)
  )
}
function isCompleteGame(g: GameInput) {
  return (
    isWheelStepDone(g) &&
    areRewardsDone(g) &&
    isDay(g.startDate) &&
    (!g.endDate || (isDay(g.endDate) && g.endDate >= g.startDate))
  )
}

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
    checkEachPath(paths, (path, events) => {
      const e = effects()
      const snapshot = replay(harness(e), path.steps, path.at)
      const isEdit = 'gameId' in path.at
      const saves = e.calls.filter((c) => c.actor === 'saveGame')
      for (const c of saves) {
        const save = c.input as { game: GameInput; gameId: string | null }
        // Stated apart from the machine's guard: the game built by this path's own events.
        expect(isCompleteGame(save.game)).toBe(true)
        expect(save.game).toMatchObject({
          name: 'Roue',
          storeInfos: [{ storeId: 's1' }],
          rewards: [{ name: 'Café', type: 'POINTS' }],
        })
        // An edit updates its own game; a creation names none.
        expect(save.gameId).toBe(isEdit ? 'g1' : null)
      }
      const loads = e.calls.filter((c) => c.actor === 'loadGame')
      // Only an edit loads, once at the start and once per retry.
      expect(loads.length).toBe(isEdit ? 1 + events.filter((x) => x.type === 'wizard.retry').length : 0)
      for (const c of loads) expect(c.input).toEqual({ gameId: 'g1' })
      const view = toGameWizardView(snapshot)
      if (view.isLoadFailed) expect(saves).toEqual([])
      expect(view.isEdit).toBe(isEdit)
      expect(e.failed).toBe(events.filter((x) => x.type === 'xstate.error.actor.saveGame').length)
      // Each event against the wizard just before it: a step is left only when its own rules pass.
      const before = toGameWizardView(replay(harness(effects()), path.steps.slice(0, -1), path.at))
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
        case 'wizard.retry':
          expect(view.isLoading).toBe(isEdit)
          if (!isEdit) expect(view.step).toBe('wheel')
          break
        case 'xstate.done.actor.loadGame':
          expect(view).toMatchObject({ isLoading: false, step: 'wheel', draft: LOADED })
          break
        case 'xstate.error.actor.loadGame':
          expect(view).toMatchObject({ isLoadFailed: true, isLoading: false })
          break
        case 'wizard.set':
          expect(view.draft).toMatchObject(last.patch)
          break
        case 'wizard.toggleStore':
          expect(view.draft.storeInfos.some((x) => x.storeId === 's1')).toBe(
            !before.draft.storeInfos.some((x) => x.storeId === 's1'),
          )
          break
        case 'wizard.addReward':
          expect(view.draft.rewards).toHaveLength(before.draft.rewards.length + 1)
          expect(view.draft.rewards.at(-1)).toMatchObject({ name: '', type: last.rewardType })
          break
        case 'wizard.updateReward':
          expect(view.draft.rewards[last.index]).toMatchObject(last.patch)
          break
        case 'wizard.next': {
          const ready = before.step === 'wheel' ? isWheelStepDone(before.draft) : areRewardsDone(before.draft)
          expect(view.stepIndex).toBe(before.stepIndex + (ready ? 1 : 0))
          if (!ready) expect(Object.keys(view.errors).length).toBeGreaterThan(0)
          break
        }
        case 'wizard.back':
          expect(view.stepIndex).toBe(before.stepIndex - 1)
          break
        case 'wizard.submit':
          if (isCompleteGame(before.draft)) {
            expect(view.isSaving).toBe(true)
            expect(e.calls.at(-1)).toMatchObject({ actor: 'saveGame', input: { game: before.draft } })
          } else {
            expect(view.isSaving).toBe(false)
            // The duration step's own faults show on it (an earlier step's show only on that step).
            const { startDate, endDate } = before.draft
            const datesWrong = !isDay(startDate) || (!!endDate && (!isDay(endDate) || endDate < startDate))
            if (datesWrong) expect(Object.keys(view.errors).length).toBeGreaterThan(0)
          }
          break
        case 'xstate.done.actor.saveGame':
          expect(view.isSaved).toBe(true)
          expect(view.draft).toEqual(emptyGame(TODAY))
          expect([e.saved, e.history]).toEqual([1, 1])
          break
        case 'xstate.error.actor.saveGame':
          expect(view).toMatchObject({ isSaving: false, step: 'duration' })
          break
        case 'wizard.restart':
          expect(view).toMatchObject({ step: 'wheel', isSaved: false, draft: emptyGame(TODAY) })
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
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
