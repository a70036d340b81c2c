// Shared fixtures of the gift wheel's front-end tests and stories (issue 22).
import type { PublicGame } from '../../src/domain/game-wheel'
import type { GameInfo, GameParticipant, GameReward } from '../../src/domain/games'

/** An active store-visit wheel of Maison Dupont with two rewards (50 % in all: lose is the rest). */
export const GAME: PublicGame = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Roue',
  action: 'STORE_OPENING',
  actionUrl: null,
  status: 'ACTIVE',
  hasStarted: true,
  startDate: '2026-12-01',
  endDate: null,
  onlyNewClients: false,
  franchise: {
    name: 'Maison Dupont',
    logo: null,
    codeAlpha3: 'FRA',
    theme: { primaryColor: '#1e3a8a', secondaryColor: '#f59e0b', tertiaryColor: '#f8fafc' },
  },
  stores: [{ id: 's1', name: 'Lyon', googleLink: null }],
  rewards: [
    { id: 'r1', name: 'Café', type: 'POINTS', weight: 30 },
    { id: 'r2', name: 'Dessert', type: 'COUPON', weight: 20 },
  ],
}

/** The same wheel as the merchant's detail page gets it: a Google-review wheel of one store. */
export const GAME_INFO: GameInfo = {
  id: GAME.id,
  franchiseId: '22222222-2222-4222-8222-222222222222',
  name: 'Roue de Noël',
  type: 'WHEEL',
  action: 'GOOGLE',
  actionUrl: null,
  storeInfos: [
    {
      storeId: '33333333-3333-4333-8333-333333333331',
      storeName: 'Lyon',
      googleLink: 'https://g.page/r/lyon',
    },
  ],
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  status: 'ACTIVE',
  settings: { canLoose: true, onlyNewClients: false },
  participants: 40,
  dateCreated: '2026-11-20T10:00:00.000Z',
}

/** Its rewards with their won and expected counts: points and a coupon. */
export const GAME_REWARDS: GameReward[] = [
  {
    id: 'r1',
    name: 'Café',
    type: 'POINTS',
    points: 10,
    coupon: null,
    weight: 25,
    isDisabled: false,
    won: 9,
    expected: 10,
  },
  {
    id: 'r2',
    name: 'Dessert',
    type: 'COUPON',
    points: null,
    coupon: { name: 'Dessert offert', type: 'product', value: null, validity: { value: 1, unit: 'months' } },
    weight: 10,
    isDisabled: false,
    won: 5,
    expected: 4,
  },
]

/** Its latest participants: one who won, one who lost and left no phone. */
export const GAME_PARTICIPANTS: GameParticipant[] = [
  {
    id: 'p1',
    clientId: 'c1',
    firstName: 'Marie',
    phone: '+33612345678',
    storeName: 'Lyon',
    rewardName: 'Café',
    playedAt: '2026-12-02T10:00:00.000Z',
  },
  {
    id: 'p2',
    clientId: 'c2',
    firstName: 'Paul',
    phone: null,
    storeName: 'Lyon',
    rewardName: null,
    playedAt: '2026-12-02T11:00:00.000Z',
  },
]
