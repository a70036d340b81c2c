// A game's detail (/pages/games/:id; SPEC §3 Game, §8 'Error fetching game info' / 'Error fetching
// game rewards'; issue 22): its info, then its rewards (won counts next to the counts the weights
// predict, disabled rewards included) with its latest participants; each fetch fails on its own with
// its message and a retry (a failed fetch shows nothing of it). The merchant disables or enables it.
import { assign, setup } from 'xstate'
import type { GameInfo, GameParticipant, GameReward } from '../../src/domain/games'
import { loadInfo, loadRewards, setDisabled } from './game-detail.actors'

export type GameDetailInput = { id: string }
export type LoadRewardsOutput = {
  rewards: GameReward[]
  participants: GameParticipant[]
  participantTotal: number
}

export type GameDetailContext = {
  id: string
  info: GameInfo | null
  rewards: GameReward[]
  participants: GameParticipant[]
  participantTotal: number
}

export type GameDetailEvent = { type: 'game.retry' } | { type: 'game.toggle' }

export const gameDetailMachine = setup({
  types: {
    input: {} as GameDetailInput,
    context: {} as GameDetailContext,
    events: {} as GameDetailEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: { loadInfo, loadRewards, setDisabled },
  actions: {
    /** Provided by the app: the §8 toasts. */
    notifyInfoFailed: () => {},
    notifyRewardsFailed: () => {},
    notifyToggled: () => {},
    notifyToggleFailed: () => {},
    setInfo: assign({ info: ({ event }) => (event as unknown as { output: GameInfo }).output }),
    clearInfo: assign({ info: null, rewards: [], participants: [], participantTotal: 0 }),
    setRewards: assign(({ event }) => {
      const o = (event as unknown as { output: LoadRewardsOutput }).output
      return { rewards: o.rewards, participants: o.participants, participantTotal: o.participantTotal }
    }),
    clearRewards: assign({ rewards: [], participants: [], participantTotal: 0 }),
  },
}).createMachine({
  id: 'gameDetail',
  context: ({ input }) => ({ id: input.id, info: null, rewards: [], participants: [], participantTotal: 0 }),
  initial: 'loadingInfo',
  states: {
    loadingInfo: {
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loadingRewards', actions: 'setInfo' },
        onError: { target: 'infoFailed', actions: ['clearInfo', 'notifyInfoFailed'] },
      },
    },
    infoFailed: { on: { 'game.retry': 'loadingInfo' } },
    loadingRewards: {
      invoke: {
        id: 'loadRewards',
        src: 'loadRewards',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: 'setRewards' },
        onError: { target: 'rewardsFailed', actions: ['clearRewards', 'notifyRewardsFailed'] },
      },
    },
    rewardsFailed: { on: { 'game.retry': 'loadingRewards' } },
    ready: { on: { 'game.toggle': 'toggling' } },
    toggling: {
      invoke: {
        id: 'setDisabled',
        src: 'setDisabled',
        input: ({ context }) => ({ id: context.id, disabled: context.info?.status !== 'DISABLED' }),
        onDone: { target: 'ready', actions: ['setInfo', 'notifyToggled'] },
        onError: { target: 'ready', actions: 'notifyToggleFailed' },
      },
    },
  },
})
