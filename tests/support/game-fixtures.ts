// Shared fixtures of the gift wheel's front-end tests (issue 22).
import type { PublicGame } from '../../src/domain/game-wheel'

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
