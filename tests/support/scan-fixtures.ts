// Fixtures of the customer scan page (machine, UI tests and stories).
import type { ScanNews } from '../../src/domain/news'
import type { CollectResult, ScanInfo } from '../../src/domain/scan'

/** The store's live news: a happy hour for everyone, and a customers-only item. */
export const HAPPY_HOUR: ScanNews = {
  id: 'n1',
  name: 'Apéro au fournil',
  type: 'happy-hours',
  description: 'Une fougasse offerte pour deux verres.',
  priceCents: 650,
  currencyCode: 'EUR',
  endDate: '2026-12-31',
  happyHourStart: '18:00',
  happyHourEnd: '20:00',
  drinkType: 'Vin et bière',
  customersOnly: false,
}
export const MEMBERS_NEWS: ScanNews = {
  id: 'n2',
  name: 'Vente privée',
  type: 'news',
  description: 'Les galettes en avant-première pour nos clients fidèles.',
  priceCents: null,
  currencyCode: 'EUR',
  endDate: '2026-12-20',
  happyHourStart: null,
  happyHourEnd: null,
  drinkType: null,
  customersOnly: true,
}

export const SCAN_UID = 'k7xq2mfa9t'
/** A code of the store's scanner screen, as the QR code's address carries it. */
export const SCAN_CODE = 'Qz3_x-Lm8RtA'
export const SCAN_STORE = '5d1c1d8e-3f5a-4c69-9d8e-0a0b0c0d0e01'

export const PASSAGE_INFO: ScanInfo = {
  tag: { uid: SCAN_UID, name: 'Comptoir' },
  store: {
    id: SCAN_STORE,
    name: 'Maison Dupont — Paris Marais',
    logo: null,
    currencyCode: 'EUR',
    country: 'FR',
  },
  franchise: {
    name: 'Maison Dupont',
    logo: null,
    theme: { primaryColor: '#7c2d12', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' },
  },
  card: { name: 'Carte Maison Dupont', image: null, loyaltyType: 'PASSAGE', earnRate: 10 },
  pending: null,
  needsReceipt: false,
  needsPresenceCode: true,
  offers: [
    { id: 'o1', name: 'Café offert', description: 'Un café offert.', redeemPointAmount: 50 },
    { id: 'o2', name: '5 € de remise', description: 'Cinq euros de remise.', redeemPointAmount: 150 },
  ],
  news: [HAPPY_HOUR],
}

export const POS_INFO: ScanInfo = {
  ...PASSAGE_INFO,
  card: { ...PASSAGE_INFO.card!, loyaltyType: 'POS_AMOUNT', earnRate: 1 },
  needsReceipt: true,
  needsPresenceCode: false,
}

export const MANUAL_INFO: ScanInfo = {
  tag: { uid: 'b4pln2wq7c', name: 'Counter' },
  store: {
    id: '5d1c1d8e-3f5a-4c69-9d8e-0a0b0c0d0e02',
    name: 'Brooklyn Bagels — Williamsburg',
    logo: null,
    currencyCode: 'USD',
    country: 'US',
  },
  franchise: {
    name: 'Brooklyn Bagels',
    logo: null,
    theme: { primaryColor: '#065f46', secondaryColor: '#fbbf24', tertiaryColor: '#ecfdf5' },
  },
  card: { name: 'Bagel Club', image: null, loyaltyType: 'MANUAL_AMOUNT', earnRate: 1 },
  pending: { points: 12, amountCents: 1250, currencyCode: 'USD', expiresAt: '2026-11-21T19:03:00.000Z' },
  needsReceipt: false,
  needsPresenceCode: false,
  offers: [],
  news: [],
}

export const NO_CARD_INFO: ScanInfo = { ...PASSAGE_INFO, card: null, needsPresenceCode: false, offers: [] }

export const COLLECTED: CollectResult = {
  transactionId: '5d1c1d8e-3f5a-4c69-9d8e-0a0b0c0d0e10',
  clientId: '5d1c1d8e-3f5a-4c69-9d8e-0a0b0c0d0e11',
  points: 10,
  balance: 60,
  firstName: 'Camille',
  redeemable: [PASSAGE_INFO.offers[0]!],
  upcoming: [{ offer: PASSAGE_INFO.offers[1]!, missingPoints: 90 }],
  coupons: [
    {
      id: 'c1',
      header: '10 % sur votre anniversaire',
      type: 'percentage',
      value: 10,
      currencyCode: null,
      expiresAt: '2026-12-31T23:00:00.000Z',
    },
  ],
  news: [HAPPY_HOUR, MEMBERS_NEWS],
}

/**
 * Issue 24 #4: the same collect on a device that has not proven the phone: nothing about the client,
 * not even its id (issue 34).
 */
export const COLLECTED_STRANGER: CollectResult = {
  transactionId: COLLECTED.transactionId,
  points: 10,
  isOwner: false,
  balance: null,
  firstName: null,
  redeemable: [],
  upcoming: [],
  coupons: [],
  news: [HAPPY_HOUR],
}
