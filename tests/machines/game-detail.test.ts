// A game's detail (machines/game-detail): info, then rewards and participants; each fetch fails on its
// own (§8 'Error fetching game info' / 'Error fetching game rewards') with a retry; disable/enable.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { gameDetailMachine, toGameDetailView } from '../../machines/game-detail'
import { ApiError } from '../../src/api/client'
import { GAME_INFO as INFO, GAME_REWARDS as REWARDS } from '../support/game-fixtures'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const ID = INFO.id
const LOADED = { rewards: REWARDS, participants: [], participantTotal: 40 }
const ACTORS = ['loadInfo', 'loadRewards', 'setDisabled']
const fail = new ApiError(500, 'X', 'x')
const events = [
  { type: 'game.retry' },
  { type: 'game.toggle' },
  { type: 'xstate.done.actor.loadInfo', output: INFO },
  { type: 'xstate.error.actor.loadInfo', error: fail },
  { type: 'xstate.done.actor.loadRewards', output: LOADED },
  { type: 'xstate.error.actor.loadRewards', error: fail },
  { type: 'xstate.done.actor.setDisabled', output: { ...INFO, status: 'DISABLED' } },
  { type: 'xstate.error.actor.setDisabled', error: fail },
]

describe('game detail machine', () => {
  const paths = generatePaths(gameDetailMachine, events, { id: ID })

  it('reaches every state', () => {
    expectEveryStateReached(gameDetailMachine, paths)
  })

  it('replays every path: every call is for this game, a failed fetch shows none of it', () => {
    for (const path of paths) {
      const calls: Calls = []
      const snapshot = replay(
        gameDetailMachine.provide({ actors: recordingActors(ACTORS, calls) as never }),
        path.steps,
        { id: ID },
      )
      expect(snapshot.value).toEqual(path.state.value)
      expect(calls.every((c) => (c.input as { id: string }).id === ID)).toBe(true)
      const view = toGameDetailView(snapshot)
      if (view.isInfoFailed) expect(view.info).toBeNull()
      if (view.isRewardsFailed) expect(view.rewards).toEqual([])
      if (view.canToggle) expect(view.info).not.toBeNull()
    }
  })

  it('disables an active game and enables a disabled one', () => {
    const calls: Calls = []
    const actor = createActor(
      gameDetailMachine.provide({ actors: recordingActors(ACTORS, calls) as never }),
      {
        input: { id: ID },
      },
    ).start()
    actor.send({ type: 'xstate.done.actor.loadInfo', output: INFO } as never)
    actor.send({ type: 'xstate.done.actor.loadRewards', output: LOADED } as never)
    expect(toGameDetailView(actor.getSnapshot())).toMatchObject({
      rewards: REWARDS,
      canToggle: true,
      isDisabled: false,
    })
    actor.send({ type: 'game.toggle' })
    expect(calls.at(-1)).toEqual({ actor: 'setDisabled', input: { id: ID, disabled: true } })
    actor.send({ type: 'xstate.done.actor.setDisabled', output: { ...INFO, status: 'DISABLED' } } as never)
    expect(toGameDetailView(actor.getSnapshot()).isDisabled).toBe(true)
    actor.send({ type: 'game.toggle' })
    expect(calls.at(-1)).toEqual({ actor: 'setDisabled', input: { id: ID, disabled: false } })
  })
})
