// A game's detail (machines/game-detail): info, then rewards and participants; each fetch fails on its
// own (§8 'Error fetching game info' / 'Error fetching game rewards') with a retry; disable/enable.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { gameDetailMachine, toGameDetailView } from '../../machines/game-detail'
import { ApiError } from '../../src/api/client'
import { GAME_INFO as INFO, GAME_REWARDS as REWARDS } from '../support/game-fixtures'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

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
    replayEachPath(gameDetailMachine, paths, {
      actors: ACTORS,
      input: { id: ID },
      check: ({ events, last, snapshot, calls }) => {
        expect(calls.every((c) => (c.input as { id: string }).id === ID)).toBe(true)
        const view = toGameDetailView(snapshot)
        if (view.canToggle) expect(view.info).not.toBeNull()
        // The game as last answered (loaded or toggled), from the path's answers.
        const info = events.findLast((e) =>
          /^xstate\.done\.actor\.(loadInfo|setDisabled)$/.test(e.type),
        )?.output
        switch (last?.type) {
          case undefined:
            expect(view.isLoadingInfo).toBe(true)
            expect(calls).toEqual([{ actor: 'loadInfo', input: { id: ID } }])
            break
          case 'game.retry': {
            const failed = events.findLast((e) => e.type.startsWith('xstate.error.actor.'))!
            const actor = failed.type.slice('xstate.error.actor.'.length)
            expect(calls.at(-1)?.actor).toBe(actor)
            expect(actor === 'loadInfo' ? view.isLoadingInfo : view.isLoadingRewards).toBe(true)
            break
          }
          case 'xstate.done.actor.loadInfo':
            expect(view).toMatchObject({ info: INFO, isLoadingRewards: true })
            expect(calls.at(-1)?.actor).toBe('loadRewards')
            break
          case 'xstate.error.actor.loadInfo':
            expect(view).toMatchObject({ isInfoFailed: true, info: null, canToggle: false })
            break
          case 'xstate.done.actor.loadRewards':
            expect(view).toMatchObject({ rewards: REWARDS, participantTotal: 40, canToggle: true })
            break
          case 'xstate.error.actor.loadRewards':
            expect(view).toMatchObject({ isRewardsFailed: true, rewards: [], canToggle: false })
            break
          case 'game.toggle':
            expect(view.isToggling).toBe(true)
            expect(calls.at(-1)).toEqual({
              actor: 'setDisabled',
              input: { id: ID, disabled: info.status !== 'DISABLED' },
            })
            break
          case 'xstate.done.actor.setDisabled':
            expect(view).toMatchObject({ info: last.output, isDisabled: true, canToggle: true })
            break
          case 'xstate.error.actor.setDisabled':
            expect(view).toMatchObject({
              isToggling: false,
              canToggle: true,
              isDisabled: info.status === 'DISABLED',
            })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
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
