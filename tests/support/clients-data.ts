import type { ClientDetail, ClientRow, CouponRow, CouponState, OfferRow } from '../../src/domain/clients'

export const FRANCHISE_ID = '11111111-1111-4111-8111-111111111111'
export const STORE_1 = '22222222-2222-4222-8222-000000000001'
export const STORE_2 = '22222222-2222-4222-8222-000000000002'
export const STORE_NAMES: Record<string, string> = {
  [STORE_1]: 'Maison Dupont 1',
  [STORE_2]: 'Maison Dupont 2',
}

export const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
export const clientId = (n: number) => uuid('c1000000', n)
export const offerId = (n: number) => uuid('0f000000', n)
export const couponId = (n: number) => uuid('c0000000', n)

export type Stored = ClientDetail & { storeIds: string[] }

export const PEOPLE: [string, string, string | null, string | null, string, string][] = [
  // first, last, e-mail, phone, type, acquired from
  ['Marie', 'Dupont', 'marie.dupont@orange.fr', '+33612345678', 'REGULAR_CUSTOMER', 'STORE'],
  ['Lucas', 'Martin', 'lucas.martin@gmail.com', '+33623456789', 'NEW_CUSTOMER', 'EMARKETING'],
  ['Chloé', 'Bernard', null, '+33634567890', 'LOST_CUSTOMER', 'MIGRATION'],
  ['Hugo', 'Petit', 'hugo.petit@free.fr', null, 'REGULAR_CUSTOMER', 'STORE'],
  ['Emma', 'Leroy', 'emma.leroy@laposte.net', '+33645678901', 'NEW_CUSTOMER', 'STORE'],
  ['Louis', 'Moreau', 'louis.moreau@sfr.fr', '+33656789012', 'LOST_CUSTOMER', 'EMARKETING'],
  ['Léa', 'Simon', 'lea.simon@gmail.com', '+33667890123', 'REGULAR_CUSTOMER', 'MIGRATION'],
  ['Gabriel', 'Laurent', null, '+33678901234', 'REGULAR_CUSTOMER', 'STORE'],
  ['Manon', 'Lefebvre', 'manon.lefebvre@outlook.fr', '+33689012345', 'NEW_CUSTOMER', 'STORE'],
  ['Jules', 'Michel', 'jules.michel@gmail.com', '+33690123456', 'LOST_CUSTOMER', 'STORE'],
  ['Camille', 'Garcia', 'camille.garcia@yahoo.fr', '+33611223344', 'REGULAR_CUSTOMER', 'EMARKETING'],
  ['Arthur', 'David', 'arthur.david@orange.fr', '+33622334455', 'NEW_CUSTOMER', 'STORE'],
]

export function seedClient(n: number): Stored {
  const [firstName, lastName, email, phone, clientType, acquiredFrom] = PEOPLE[n - 1]!
  const visits = 3 + ((n * 7) % 40)
  const points = (n * 137) % 900
  const day = String(1 + ((n * 5) % 27)).padStart(2, '0')
  const lastVisitAt =
    clientType === 'LOST_CUSTOMER'
      ? `2025-0${1 + (n % 8)}-${day}T17:30:00.000Z`
      : `2026-11-${day}T10:15:00.000Z`
  const store = n % 2 ? STORE_1 : STORE_2
  return {
    id: clientId(n),
    franchiseId: FRANCHISE_ID,
    firstName,
    lastName,
    email,
    phone,
    gender: n % 2 ? 'female' : 'male',
    birthDate: `19${70 + n}-0${1 + (n % 9)}-1${n % 9}`,
    postcode: `750${String(n).padStart(2, '0')}`,
    clientType,
    acquiredFrom,
    hasMobileApp: n % 3 === 0,
    // One client in five answered STOP: the detail shows the badge.
    smsOptedOut: n % 5 === 4,
    points,
    totalCollectedPoints: points + n * 250,
    redeemedOffersCount: n % 4,
    visitCount: visits,
    firstVisitAt: '2024-03-02T09:00:00.000Z',
    lastVisitAt,
    averageBasketCents: 1250 + n * 315,
    weeklyAverageBasketCents: 980 + n * 120,
    currencyCode: 'EUR',
    createdAt: `2024-03-0${1 + (n % 9)}T09:00:00.000Z`,
    storeIds: [store],
    transactions: [
      {
        id: uuid('7a000000', n * 10 + 1),
        type: 'tag',
        points: 12,
        amountCents: 2450,
        storeId: store,
        storeName: STORE_NAMES[store]!,
        createdAt: lastVisitAt,
      },
      {
        id: uuid('7a000000', n * 10 + 2),
        type: 'redeem',
        points: -100,
        amountCents: null,
        storeId: store,
        storeName: STORE_NAMES[store]!,
        createdAt: '2024-09-14T12:00:00.000Z',
      },
      {
        id: uuid('7a000000', n * 10 + 3),
        type: 'migration',
        points: 200,
        amountCents: null,
        storeId: null,
        storeName: null,
        createdAt: '2024-03-02T09:00:00.000Z',
      },
    ],
    // What the franchise sent them: an automation's run and a campaign (issue 34).
    messages: [
      {
        campaignId: uuid('7c000000', n * 10 + 1),
        name: 'Happy birthday',
        origin: 'automation',
        channel: 'sms',
        status: 'SENT',
        sentAt: '2026-11-20T09:00:00.000Z',
      },
      {
        campaignId: uuid('7c000000', n * 10 + 2),
        name: 'Winter sales',
        origin: 'campaign',
        channel: 'push',
        status: 'SENT',
        sentAt: '2026-11-02T17:30:00.000Z',
      },
    ],
  }
}

export const OFFERS: OfferRow[] = [
  {
    id: offerId(1),
    name: 'Free coffee',
    description: 'One espresso or filter coffee of your choice',
    image: null,
    redeemPointAmount: 100,
    type: 'PRODUCT',
    value: null,
    currencyCode: null,
    status: 'ACTIVE',
    redeemedCount: 42,
  },
  {
    id: offerId(2),
    name: '€5 off',
    description: 'Five euros off a basket of twenty euros or more',
    image: null,
    redeemPointAmount: 250,
    type: 'FLAT',
    value: 500,
    currencyCode: 'EUR',
    status: 'ACTIVE',
    redeemedCount: 17,
  },
  {
    id: offerId(3),
    name: '20% off the cake of the day',
    description: 'Twenty per cent off any whole cake of the day',
    image: null,
    redeemPointAmount: 600,
    type: 'PERCENTAGE',
    value: 20,
    currencyCode: null,
    status: 'ACTIVE',
    redeemedCount: 5,
  },
]

export function seedCoupons(clientN: number): CouponRow[] {
  const row = (
    n: number,
    state: CouponState,
    header: string,
    type: string,
    value: number | null,
  ): CouponRow => ({
    id: couponId(clientN * 10 + n),
    type,
    value,
    currencyCode: type === 'flat' ? 'EUR' : null,
    header,
    productDescription: type === 'product' ? 'A croissant' : null,
    termsOfUse: 'One per visit',
    expiresAt: state === 'expired' ? '2025-06-30T21:59:59.000Z' : '2027-01-31T22:59:59.000Z',
    claimedAt: state === 'claimed' ? '2026-10-02T08:30:00.000Z' : null,
    state,
  })
  return [
    row(1, 'active', 'Welcome gift', 'product', null),
    row(2, 'active', 'Birthday treat', 'percentage', 15),
    row(3, 'expired', 'Summer offer', 'flat', 300),
    row(4, 'claimed', 'Autumn offer', 'flat', 200),
    row(5, 'claimed', 'Come back soon', 'percentage', 10),
    row(6, 'expired', 'Spring offer', 'product', null),
    row(7, 'active', 'Loyal customer', 'flat', 400),
  ]
}

export const toRow = (c: Stored): ClientRow => ({
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  clientType: c.clientType,
  acquiredFrom: c.acquiredFrom,
  points: c.points,
  totalCollectedPoints: c.totalCollectedPoints,
  visitCount: c.visitCount,
  lastVisitAt: c.lastVisitAt,
  averageBasketCents: c.averageBasketCents,
  hasMobileApp: c.hasMobileApp,
  createdAt: c.createdAt,
})

/** Demo data read synchronously (stories build machine states from them). */
export const demo = {
  count: PEOPLE.length,
  /** Client n (1 to 12) as the list shows it. */
  row: (n: number): ClientRow => toRow(seedClient(n)),
  /** Client n as its page shows it. */
  detail: (n: number): ClientDetail => {
    const { storeIds: _s, ...c } = seedClient(n)
    return c
  },
  coupons: (n: number): CouponRow[] => seedCoupons(n),
  offers: (points: number): OfferRow[] =>
    OFFERS.map((o) => ({ ...o, canRedeem: o.redeemPointAmount <= points })),
}
