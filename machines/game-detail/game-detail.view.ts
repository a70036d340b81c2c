import type { SnapshotFrom } from 'xstate'
import type { gameDetailMachine } from './game-detail.machine'

/** What the detail page renders. */
export function toGameDetailView(s: SnapshotFrom<typeof gameDetailMachine>) {
  const { info, rewards, participants, participantTotal } = s.context
  return {
    info,
    rewards,
    participants,
    participantTotal,
    isLoadingInfo: s.matches('loadingInfo'),
    isInfoFailed: s.matches('infoFailed'),
    isLoadingRewards: s.matches('loadingRewards'),
    isRewardsFailed: s.matches('rewardsFailed'),
    isToggling: s.matches('toggling'),
    canToggle: s.can({ type: 'game.toggle' }),
    isDisabled: info?.status === 'DISABLED',
  }
}
export type GameDetailView = ReturnType<typeof toGameDetailView>
