// The public play page (machines/game-play): the action, the phone proven by the phone-code child,
// the spin decided by the server; the wheel lands on the server's result (never before it answered),
// at once with reduced motion; closed games, refusals and failures say so.
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { gamePlayMachine, SPIN_MS, toGamePlayView } from '../../machines/game-play'
import { ApiError } from '../../src/api/client'
import { type SpinResult, sliceIndexOf, wheelSlices } from '../../src/domain/game-wheel'
import { GAME } from '../support/game-fixtures'
import { expectEveryStateReached, generatePaths, recordingActors, replayEachPath } from '../support/model'

const GAME_ID = '11111111-1111-4111-8111-111111111111'
const WON: SpinResult = {
  participantId: 'p1',
  rewardId: 'r2',
  rewardName: 'Dessert',
  rewardType: 'COUPON',
  points: null,
  coupon: {
    code: 'K7MQ2XPA',
    header: 'Dessert offert',
    type: 'product',
    value: null,
    currencyCode: null,
    expiresAt: '2027-01-01T00:00:00.000Z',
  },
  replayed: false,
  playedAt: '2026-12-01T10:00:00.000Z',
}
const input = { gameId: GAME_ID, storeId: 's1', reducedMotion: false, language: 'en' as const }
const ACTORS = ['loadGame', 'spin', 'phoneCode']
const events = [
  { type: 'play.retry' },
  { type: 'play.actionDone' },
  { type: 'play.skipAnimation' },
  { type: 'xstate.done.actor.loadGame', output: GAME },
  { type: 'xstate.done.actor.loadGame', output: { ...GAME, status: 'ENDED' } },
  { type: 'xstate.error.actor.loadGame', error: new ApiError(404, 'GAME_NOT_FOUND', 'x') },
  { type: 'xstate.error.actor.loadGame', error: new ApiError(0, 'NETWORK_ERROR', 'x') },
  { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'proof' } },
  { type: 'xstate.done.actor.spin', output: WON },
  { type: 'xstate.error.actor.spin', error: new ApiError(403, 'GAME_ONLY_NEW_CLIENTS', 'x') },
  { type: 'xstate.error.actor.spin', error: new ApiError(500, 'X', 'x') },
]

describe('game play machine', () => {
  const paths = generatePaths(gamePlayMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(gamePlayMachine, paths)
  })

  it('replays every path: a spin only after the proof, the wheel turned only to the server’s result', () => {
    replayEachPath(gamePlayMachine, paths, {
      actors: ACTORS,
      input,
      check: ({ events, last, snapshot, calls }) => {
        const proven = events.some((e) => e.type === 'xstate.done.actor.phoneCode')
        const spins = calls.filter((x) => x.actor === 'spin')
        if (spins.length > 0) expect(proven).toBe(true)
        for (const c of spins)
          expect(c.input).toEqual({
            gameId: GAME_ID,
            phone: '+33612345678',
            proof: 'proof',
            storeId: 's1',
            // The page's language: the winner's SMS is written in it.
            language: 'en',
          })
        const view = toGamePlayView(snapshot)
        const answered = events.some((e) => e.type === 'xstate.done.actor.spin')
        if (!answered) expect(view.rotation).toBe(0)
        if (view.result) {
          const slices = wheelSlices(GAME.rewards, 'Lose')
          const slice = slices[sliceIndexOf(slices, view.result.rewardId)]!
          const under = (360 - (view.rotation % 360)) % 360
          expect(under > slice.start && under < slice.end).toBe(true)
        }
        if (view.isClosed) expect(calls.some((c) => c.actor === 'phoneCode')).toBe(false)
        switch (last?.type) {
          case undefined:
            expect(view.isLoading).toBe(true)
            expect(calls).toEqual([{ actor: 'loadGame', input: expect.anything() }])
            break
          case 'play.retry':
            expect(calls.at(-1)?.actor).toBe(proven ? 'spin' : 'loadGame')
            break
          case 'xstate.done.actor.loadGame':
            if (last.output.status === 'ENDED')
              expect(view).toMatchObject({ isClosed: true, closedReason: 'ENDED' })
            else expect(view.step).toBe('action')
            break
          case 'xstate.error.actor.loadGame':
            expect(view.isNotFound).toBe(last.error.status === 404)
            expect(view.isFailed).toBe(last.error.status !== 404)
            break
          case 'play.actionDone':
            expect(view.step).toBe('phone')
            // The phone is proven through this game's routes, the code's SMS in the page's language.
            expect(calls.at(-1)).toEqual({
              actor: 'phoneCode',
              input: { country: 'FR', via: { kind: 'game', id: GAME_ID, language: 'en' } },
            })
            break
          case 'xstate.done.actor.phoneCode':
            expect(view.step).toBe('spinning')
            expect(calls.at(-1)?.actor).toBe('spin')
            break
          case 'xstate.done.actor.spin':
            // The wheel turns to the server's result (not shown before it lands).
            expect(view).toMatchObject({ isTurning: true, result: null })
            expect(view.rotation).not.toBe(0)
            break
          case 'play.skipAnimation':
            expect(view.result).toEqual(WON)
            break
          case 'xstate.error.actor.spin':
            if (last.error.status === 403) expect(view.refusal).not.toBeNull()
            else expect(view.isSpinFailed).toBe(true)
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('turns for SPIN_MS, or lands at once with reduced motion', () => {
    for (const reducedMotion of [false, true]) {
      const clock = new SimulatedClock()
      const actor = createActor(gamePlayMachine.provide({ actors: recordingActors(ACTORS, []) as never }), {
        input: { ...input, reducedMotion },
        clock,
      }).start()
      actor.send({ type: 'xstate.done.actor.loadGame', output: GAME } as never)
      actor.send({ type: 'play.actionDone' })
      actor.send({
        type: 'xstate.done.actor.phoneCode',
        output: { phone: '+33612345678', proof: 'p' },
      } as never)
      actor.send({ type: 'xstate.done.actor.spin', output: WON } as never)
      if (!reducedMotion) {
        expect(toGamePlayView(actor.getSnapshot()).isTurning).toBe(true)
        clock.increment(SPIN_MS)
      } else clock.increment(0)
      expect(toGamePlayView(actor.getSnapshot()).result).toEqual(WON)
    }
  })
})
