// The detail's default actors: the §7 calls.
import { fromPromise } from 'xstate'
import { gamesApi } from '../../src/api/games'
import type { GameInfo } from '../../src/domain/games'
import type { LoadRewardsOutput } from './game-detail.machine'

/** The participants the detail lists (the newest). */
export const PARTICIPANTS_SHOWN = 50

export const loadInfo = fromPromise<GameInfo, { id: string }>(({ input, signal }) =>
  gamesApi.info(input.id, signal),
)
export const loadRewards = fromPromise<LoadRewardsOutput, { id: string }>(async ({ input, signal }) => {
  const [rewards, participants] = await Promise.all([
    gamesApi.rewards(input.id, true, signal),
    gamesApi.participants(input.id, { page: 1, size: PARTICIPANTS_SHOWN }, signal),
  ])
  return { rewards, participants: participants.data, participantTotal: participants.metadata.total }
})
export const setDisabled = fromPromise<GameInfo, { id: string; disabled: boolean }>(({ input, signal }) =>
  gamesApi.setDisabled(input.id, input.disabled, signal),
)
