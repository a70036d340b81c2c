// The public play page in each state of its machine (issue 22). The phone step's code form is the
// phone-code machine's (its own stories); here it is shown without a running child.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type GamePlayContext, gamePlayMachine } from '../../machines/game-play/game-play.machine'
import { toGamePlayView } from '../../machines/game-play/game-play.view'
import type { PublicGame, SpinResult } from '../../src/domain/game-wheel'
import { GamePlayPage } from '../../src/features/game-play/GamePlayPage'
import { GAME as BASE_GAME } from '../../tests/support/game-fixtures'

// The shared public game, dressed as a Google-review wheel with its own colours.
const GAME: PublicGame = {
  ...BASE_GAME,
  name: 'Roue de Noël',
  action: 'GOOGLE',
  franchise: {
    ...BASE_GAME.franchise,
    theme: { primaryColor: '#7c2d12', secondaryColor: '#fde68a', tertiaryColor: '#1f2937' },
  },
  stores: [{ id: 's1', name: 'Lyon', googleLink: 'https://g.page/r/lyon' }],
  rewards: [
    { id: 'r1', name: 'Café', type: 'POINTS', weight: 35 },
    { id: 'r2', name: 'Dessert', type: 'COUPON', weight: 15 },
  ],
}
const WON: SpinResult = {
  participantId: 'p1',
  rewardId: 'r1',
  rewardName: 'Café',
  rewardType: 'POINTS',
  points: 25,
  coupon: null,
  replayed: false,
  playedAt: '2026-12-02T10:00:00.000Z',
}
type Value =
  | 'loading'
  | 'notFound'
  | 'failed'
  | 'closed'
  | 'action'
  | 'spinning'
  | 'spinFailed'
  | 'refused'
  | 'landing'
  | 'result'
const at = (value: Value, over: Partial<GamePlayContext> = {}) =>
  toGamePlayView(
    gamePlayMachine.resolveState({
      value,
      context: {
        gameId: GAME.id,
        storeId: 's1',
        reducedMotion: true,
        language: 'fr',
        game: value === 'loading' || value === 'notFound' || value === 'failed' ? null : GAME,
        phone: '+33612345678',
        proof: null,
        result: value === 'landing' || value === 'result' ? WON : null,
        refusal: null,
        ...over,
      },
    }),
    'Perdu',
  )

const meta = {
  title: 'Public/Game play',
  component: GamePlayPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('action'), send: () => {}, phoneCode: undefined, storeId: 's1' },
} satisfies Meta<typeof GamePlayPage>

export default meta
type Story = StoryObj<typeof meta>

export const Action: Story = {}
export const Loading: Story = { args: { view: at('loading') } }
export const NotFound: Story = { args: { view: at('notFound') } }
export const Failed: Story = { args: { view: at('failed') } }
export const Ended: Story = { args: { view: at('closed', { game: { ...GAME, status: 'ENDED' } }) } }
export const Spinning: Story = { args: { view: at('spinning') } }
export const SpinFailed: Story = { args: { view: at('spinFailed') } }
export const RefusedKnownClient: Story = {
  args: { view: at('refused', { refusal: 'GAME_ONLY_NEW_CLIENTS' }) },
}
export const Landing: Story = { args: { view: at('landing') } }
export const Won: Story = { args: { view: at('result') } }
export const WonCoupon: Story = {
  args: {
    view: at('result', {
      result: {
        ...WON,
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
      },
    }),
  },
}
export const Lost: Story = {
  args: {
    view: at('result', {
      result: { ...WON, rewardId: null, rewardName: null, rewardType: null, points: null },
    }),
  },
}
export const Replayed: Story = { args: { view: at('result', { result: { ...WON, replayed: true } }) } }
