import type { SnapshotFrom } from 'xstate'
import { landingRotation, sliceIndexOf, wheelSlices } from '../../src/domain/game-wheel'
import type { gamePlayMachine } from './game-play.machine'

/** What the play page renders; the wheel's angle comes from the server's result only. */
export function toGamePlayView(s: SnapshotFrom<typeof gamePlayMachine>, loseLabel = 'Lose') {
  const { game, result, refusal, reducedMotion } = s.context
  const slices = game ? wheelSlices(game.rewards, loseLabel) : []
  const landed = s.matches('landing') || s.matches('result')
  const index = result ? sliceIndexOf(slices, result.rewardId) : -1
  const step = s.matches('action')
    ? 'action'
    : s.matches('confirming')
      ? 'phone'
      : s.matches('spinning') || s.matches('landing')
        ? 'spinning'
        : s.matches('result')
          ? 'result'
          : 'other'
  return {
    game,
    slices,
    step,
    isLoading: s.matches('loading'),
    isNotFound: s.matches('notFound'),
    isFailed: s.matches('failed'),
    isClosed: s.matches('closed'),
    closedReason: !game ? null : game.status === 'ACTIVE' ? ('NOT_STARTED' as const) : game.status,
    isSpinFailed: s.matches('spinFailed'),
    refusal: s.matches('refused') ? refusal : null,
    isTurning: s.matches('landing'),
    result: s.matches('result') ? result : null,
    /** Degrees the wheel turns to (0 until the server answered). */
    rotation: landed && index >= 0 ? landingRotation(slices[index]!, reducedMotion ? 0 : 6) : 0,
    reducedMotion,
  }
}
export type GamePlayView = ReturnType<typeof toGamePlayView>
