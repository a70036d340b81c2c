// The public play page (/game/:id, from a link or a QR code per game and store; issue 22): the wheel
// and the action to take (a Google review, an Instagram or Facebook follow, being in the store), the
// phone proven by a one-time SMS code (the shared phone-code child machine), then the spin. The server
// draws; the wheel only turns to land on the result it answered (the view computes the angle), for
// SPIN_DURATION, or at once with reduced motion. An ended, disabled or future game says so; a refused
// spin (new customers only …) says why; a failed one offers a retry with the same proof.
import { assign, setup } from 'xstate'
import { phoneCountry } from '../../src/domain/countries'
import type { PublicGame, SpinResult } from '../../src/domain/game-wheel'
import type { Locale } from '../../src/domain/locale'
import { phoneCodeMachine } from '../phone-code/phone-code.machine'
import { loadGame, spin } from './game-play.actors'

/** `language`: the page's, in which the phone code's and the winner's SMS are written. */
export type GamePlayInput = {
  gameId: string
  storeId: string | null
  reducedMotion: boolean
  language: Locale
}
export type SpinInput = {
  gameId: string
  phone: string
  proof: string
  storeId: string | null
  language: Locale
}

/** The refusals the page explains (other failures offer a retry). */
export const SPIN_REFUSALS = [
  'GAME_ONLY_NEW_CLIENTS',
  'GAME_ENDED',
  'GAME_DISABLED',
  'GAME_NOT_STARTED',
] as const
export type SpinRefusal = (typeof SPIN_REFUSALS)[number]
/** How long the wheel turns before the result shows. */
export const SPIN_MS = 4500

export type GamePlayContext = GamePlayInput & {
  game: PublicGame | null
  phone: string | null
  proof: string | null
  result: SpinResult | null
  refusal: SpinRefusal | null
}

export type GamePlayEvent =
  | { type: 'play.retry' }
  | { type: 'play.actionDone' }
  | { type: 'play.skipAnimation' }

const errorCodeOf = (event: unknown) => (event as { error?: { code?: string } }).error?.code
const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status

export const gamePlayMachine = setup({
  types: {
    input: {} as GamePlayInput,
    context: {} as GamePlayContext,
    events: {} as GamePlayEvent,
  },
  actors: {
    loadGame,
    spin,
    /** Proves the phone with a one-time SMS code, through this game's routes. */
    phoneCode: phoneCodeMachine,
  },
  delays: {
    SPIN_DURATION: ({ context }) => (context.reducedMotion ? 0 : SPIN_MS),
  },
  guards: {
    isClosed: ({ event }) => {
      const g = (event as unknown as { output: PublicGame }).output
      return g.status !== 'ACTIVE' || !g.hasStarted
    },
    isUnknownGame: ({ event }) => statusOf(event) === 404 || statusOf(event) === 403,
    isRefused: ({ event }) => (SPIN_REFUSALS as readonly (string | undefined)[]).includes(errorCodeOf(event)),
  },
  actions: {
    setGame: assign({ game: ({ event }) => (event as unknown as { output: PublicGame }).output }),
    setProof: assign(({ event }) => {
      const o = (event as unknown as { output: { phone: string; proof: string } }).output
      return { phone: o.phone, proof: o.proof }
    }),
    setResult: assign({ result: ({ event }) => (event as unknown as { output: SpinResult }).output }),
    setRefusal: assign({ refusal: ({ event }) => (errorCodeOf(event) as SpinRefusal | undefined) ?? null }),
  },
}).createMachine({
  id: 'gamePlay',
  context: ({ input }) => ({ ...input, game: null, phone: null, proof: null, result: null, refusal: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadGame',
        src: 'loadGame',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: [
          { guard: 'isClosed', target: 'closed', actions: 'setGame' },
          { target: 'action', actions: 'setGame' },
        ],
        onError: [{ guard: 'isUnknownGame', target: 'notFound' }, { target: 'failed' }],
      },
    },
    notFound: {},
    failed: { on: { 'play.retry': 'loading' } },
    closed: {},
    action: { on: { 'play.actionDone': 'confirming' } },
    confirming: {
      invoke: {
        id: 'phoneCode',
        src: 'phoneCode',
        input: ({ context }) => ({
          country: countryOf(context.game),
          via: { kind: 'game' as const, id: context.gameId, language: context.language },
        }),
        onDone: { target: 'spinning', actions: 'setProof' },
      },
    },
    spinning: {
      invoke: {
        id: 'spin',
        src: 'spin',
        input: ({ context }) => ({
          gameId: context.gameId,
          phone: context.phone ?? '',
          proof: context.proof ?? '',
          storeId: context.storeId,
          language: context.language,
        }),
        onDone: { target: 'landing', actions: 'setResult' },
        onError: [{ guard: 'isRefused', target: 'refused', actions: 'setRefusal' }, { target: 'spinFailed' }],
      },
    },
    spinFailed: { on: { 'play.retry': 'spinning' } },
    refused: {},
    landing: {
      after: { SPIN_DURATION: 'result' },
      on: { 'play.skipAnimation': 'result' },
    },
    result: {},
  },
})

function countryOf(game: PublicGame | null) {
  return phoneCountry(game?.franchise.codeAlpha3 ?? 'FRA')
}
