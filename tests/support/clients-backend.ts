// A small client base in memory that answers like the server's client calls (SPEC §7 "Clients"): list
// with sort, filters, search and pages; detail; loyalty with offers; points, sales and redemptions on
// a balance that never goes below zero; create and update with the 409 codes of §8; delete; coupons by
// state. UI tests and interactive stories use it in place of src/api/clients.ts. No vitest in here.

import { ApiError } from '../../src/api/client'
import type { ClientQuery } from '../../src/api/clients'
import {
  type ClientDetail,
  type ClientInput,
  type ClientPage,
  type ClientRow,
  type CouponRow,
  type CouponState,
  type LoyaltyCard,
  type OfferRow,
  toCents,
} from '../../src/domain/clients'
import { normalisePhone } from '../../src/domain/phone'

export const FRANCHISE_ID = '11111111-1111-4111-8111-111111111111'
export const STORE_1 = '22222222-2222-4222-8222-000000000001'
export const STORE_2 = '22222222-2222-4222-8222-000000000002'
const STORE_NAMES: Record<string, string> = { [STORE_1]: 'Maison Dupont 1', [STORE_2]: 'Maison Dupont 2' }

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
export const clientId = (n: number) => uuid('c1000000', n)
const offerId = (n: number) => uuid('0f000000', n)
const couponId = (n: number) => uuid('c0000000', n)

type Stored = ClientDetail & { storeIds: string[] }

const PEOPLE: [string, string, string | null, string | null, string, string][] = [
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

function seedClient(n: number): Stored {
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

function seedCoupons(clientN: number): CouponRow[] {
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

const toRow = (c: Stored): ClientRow => ({
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

const notFound = () => new ApiError(404, 'CLIENT_NOT_FOUND', 'Client not found')

export type ClientsBackend = ReturnType<typeof createClientsBackend>

/** A fresh base of `count` clients (at most 12), with the §3 offers and coupons in each state. */
export function createClientsBackend(count = PEOPLE.length) {
  const clients = new Map<string, Stored>()
  const coupons = new Map<string, CouponRow[]>()
  for (let n = 1; n <= Math.min(count, PEOPLE.length); n++) {
    const c = seedClient(n)
    clients.set(c.id, c)
    coupons.set(c.id, seedCoupons(n))
  }
  let created = 100
  let txn = 1000

  const get = (id: string) => {
    const c = clients.get(id)
    if (!c) throw notFound()
    return c
  }
  const row = toRow
  const detail = ({ storeIds: _s, ...c }: Stored): ClientDetail => structuredClone(c)
  const card = (c: Stored, transaction?: ClientDetail['transactions'][number]): LoyaltyCard => ({
    clientId: c.id,
    points: c.points,
    totalCollectedPoints: c.totalCollectedPoints,
    redeemedOffersCount: c.redeemedOffersCount,
    visitCount: c.visitCount,
    lastVisitAt: c.lastVisitAt,
    ...(transaction ? { transaction: { ...transaction } } : {}),
  })
  const record = (c: Stored, type: string, points: number, storeId: string, amountCents: number | null) => {
    const t = {
      id: uuid('7b000000', txn++),
      type,
      points,
      amountCents,
      storeId,
      storeName: STORE_NAMES[storeId] ?? null,
      createdAt: new Date().toISOString(),
    }
    c.transactions.unshift(t)
    return t
  }
  const move = (c: Stored, points: number) => {
    if (points < 0 && c.points + points < 0)
      throw new ApiError(409, 'INSUFFICIENT_POINTS', `The client has ${c.points} points`, {
        balance: c.points,
      })
    c.points += points
    if (points > 0) c.totalCollectedPoints += points
  }
  const checkUnique = (input: ClientInput, except?: string) => {
    const phone = input.phone ? normalisePhone(input.phone, 'FR') : null
    if (input.phone && !phone)
      throw new ApiError(400, 'INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
    for (const c of clients.values()) {
      if (c.id === except) continue
      if (phone && c.phone === phone) throw new ApiError(409, 'PHONE_ALREADY_USED', 'Phone used')
      if (input.email && c.email?.toLowerCase() === input.email.toLowerCase())
        throw new ApiError(409, 'EMAIL_ALREADY_USED', 'E-mail used')
    }
    return phone
  }

  const sortValue = (c: Stored, sort: string): number | string => {
    switch (sort) {
      case 'firstName':
        return c.firstName.toLowerCase()
      case 'points':
        return c.points
      case 'totalCollectedPoints':
        return c.totalCollectedPoints
      case 'visitCount':
        return c.visitCount
      case 'averageBasket':
        return c.averageBasketCents
      case 'createdAt':
        return c.createdAt
      default:
        return c.lastVisitAt ?? ''
    }
  }

  return {
    /** The stored clients and coupons, for tests to look into. */
    store: { clients, coupons },
    list: async (q: ClientQuery): Promise<ClientPage> => {
      const search = q.search.trim().toLowerCase()
      const all = [...clients.values()].filter(
        (c) =>
          (!q.store || c.storeIds.includes(q.store)) &&
          (q.acquiredFrom.length === 0 || q.acquiredFrom.includes(c.acquiredFrom)) &&
          (q.clientType.length === 0 || q.clientType.includes(c.clientType)) &&
          (!search ||
            `${c.firstName} ${c.lastName}`.toLowerCase().includes(search) ||
            c.email?.toLowerCase().includes(search) ||
            c.phone?.includes(search.replace(/\s/g, ''))),
      )
      all.sort((a, b) => {
        const x = sortValue(a, q.sort)
        const y = sortValue(b, q.sort)
        const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1
        return q.order === 'asc' ? order : -order
      })
      const start = (q.page - 1) * q.size
      return {
        data: all.slice(start, start + q.size).map(row),
        metadata: { page: q.page, size: q.size, total: all.length },
      }
    },
    detail: async (_fid: string, id: string) => detail(get(id)),
    loyalty: async (_fid: string, id: string) => {
      const c = get(id)
      return {
        card: card(c),
        offers: OFFERS.map((o) => ({ ...o, canRedeem: o.redeemPointAmount <= c.points })),
      }
    },
    movePoints: async (body: { userId: string; merchantId: string; storeId: string; points: number }) => {
      const c = get(body.userId)
      move(c, body.points)
      return card(c, record(c, body.points > 0 ? 'credit' : 'debit', body.points, body.storeId, null))
    },
    sale: async (storeId: string, id: string, amount: string) => {
      const c = get(id)
      const cents = toCents(amount)!
      const points = Math.floor(cents / 100)
      move(c, points)
      c.visitCount += 1
      c.lastVisitAt = new Date().toISOString()
      return card(c, record(c, 'tag', points, storeId, cents))
    },
    create: async (_fid: string, input: ClientInput) => {
      const phone = checkUnique(input)
      const c: Stored = {
        ...seedClient(1),
        id: clientId(created++),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        phone,
        gender: input.gender ?? null,
        birthDate: input.birthDate ?? null,
        postcode: input.postcode ?? null,
        clientType: 'NEW_CUSTOMER',
        acquiredFrom: 'STORE',
        points: 0,
        totalCollectedPoints: 0,
        redeemedOffersCount: 0,
        visitCount: 0,
        firstVisitAt: null,
        lastVisitAt: null,
        averageBasketCents: 0,
        weeklyAverageBasketCents: 0,
        createdAt: new Date().toISOString(),
        storeIds: input.storeId ? [input.storeId] : [],
        transactions: [],
        messages: [],
      }
      clients.set(c.id, c)
      coupons.set(c.id, [])
      return detail(c)
    },
    update: async (_fid: string, input: ClientInput & { id: string }) => {
      const c = get(input.id)
      const phone = checkUnique(input, c.id)
      Object.assign(c, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        phone,
        gender: input.gender ?? null,
        birthDate: input.birthDate ?? null,
        postcode: input.postcode ?? null,
      })
      return detail(c)
    },
    remove: async (_fid: string, id: string) => {
      get(id)
      clients.delete(id)
    },
    /** GDPR erasure (issue 23): the personal fields go, the points and figures stay. */
    erase: async (_fid: string, id: string) => {
      const c = get(id)
      const alreadyErased = c.phone === null && c.email === null && c.firstName === ''
      Object.assign(c, { firstName: '', lastName: '', email: null, phone: null, gender: null })
      Object.assign(c, { birthDate: null, postcode: null })
      return { clientId: id, erasedAt: new Date().toISOString(), alreadyErased }
    },
    coupons: async (id: string, q: { page: number; size: number; state?: CouponState | null }) => {
      get(id)
      const all = (coupons.get(id) ?? []).filter((c) => !q.state || c.state === q.state)
      const start = (q.page - 1) * q.size
      return {
        data: all.slice(start, start + q.size),
        metadata: { page: q.page, size: q.size, total: all.length },
      }
    },
    redeemOffer: async (id: string, body: { userId: string; storeId: string }) => {
      const offer = OFFERS.find((o) => o.id === id)
      if (!offer) throw new ApiError(404, 'OFFER_NOT_FOUND', 'Offer not found')
      const c = get(body.userId)
      move(c, -offer.redeemPointAmount)
      c.redeemedOffersCount += 1
      return card(c, record(c, 'redeem', -offer.redeemPointAmount, body.storeId, null))
    },
    redeemCoupon: async (id: string, _body: { storeId: string }) => {
      for (const list of coupons.values()) {
        const coupon = list.find((c) => c.id === id)
        if (!coupon) continue
        if (coupon.state !== 'active') throw new ApiError(409, 'COUPON_ALREADY_CLAIMED', 'Already used')
        coupon.state = 'claimed'
        coupon.claimedAt = new Date().toISOString()
        return { ...coupon }
      }
      throw new ApiError(404, 'COUPON_NOT_FOUND', 'Coupon not found')
    },
  }
}
