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
  type CouponRow,
  type CouponState,
  type LoyaltyCard,
  toCents,
} from '../../src/domain/clients'
import { normalisePhone } from '../../src/domain/phone'
import {
  clientId,
  OFFERS,
  PEOPLE,
  STORE_NAMES,
  type Stored,
  seedClient,
  seedCoupons,
  toRow,
  uuid,
} from './clients-data'

export { clientId, demo, FRANCHISE_ID, OFFERS, STORE_1, STORE_2 } from './clients-data'

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
