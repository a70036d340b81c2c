// Coupons' short counter codes (issue 34): drawn by the database for every coupon (and for the coupons
// that existed before, by the migration), without look-alike characters, unique per franchise; the
// counter reads or redeems a coupon by its code (typed as the customer shows it, or from the QR code's
// address), within its own tenant only, once.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUPON_CODE_ALPHABET, couponCodeOf } from '../../src/domain/coupons'
import { clients, coupons, franchises, stores } from '../../src/server/db/schema'
import { seedCoupons } from '../../src/server/db/seed/clients'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const WELL_FORMED = new RegExp(`^[${COUPON_CODE_ALPHABET}]{8}$`)

describe.each(databaseKinds())('coupon codes on %s', (kind) => {
  let t: TestApp
  let owner: string
  let bagels: string
  let fid: string
  const db = () => t.database.db
  const call = (method: 'GET' | 'POST', url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(method === 'POST' ? { payload: {} } : {}),
    })
  /** An active coupon of Maison Dupont's. */
  const activeCoupon = async () => {
    const [c] = await db()
      .select()
      .from(coupons)
      .where(and(eq(coupons.franchiseId, fid), isNull(coupons.claimedAt), gt(coupons.expiresAt, new Date())))
      .limit(1)
    return c!
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, bagels] = (await Promise.all(
      ['owner@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string]
    const [f] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    // The accounts' seed has no clients: 30 of Maison Dupont's with coupons in each state (the demo's).
    const added = await db()
      .insert(clients)
      .values(Array.from({ length: 30 }, (_, i) => ({ franchiseId: fid, firstName: `Coupon ${i}` })))
      .returning({ id: clients.id })
    const storeIds = (await db().select().from(stores).where(eq(stores.franchiseId, fid))).map((s) => s.id)
    await seedCoupons(
      db(),
      { franchise: { id: fid }, storeIds, clientIds: added.map((c) => c.id) },
      30,
      new Date(),
    )
  })
  afterAll(() => t?.close())

  it('gives every coupon a code of 8 characters without 0, O, 1, I or L, unique in its franchise', async () => {
    const all = await db().select({ franchiseId: coupons.franchiseId, code: coupons.code }).from(coupons)
    expect(all.length).toBeGreaterThan(10)
    for (const c of all) expect(c.code).toMatch(WELL_FORMED)
    expect(COUPON_CODE_ALPHABET).not.toMatch(/[01OIL]/)
    expect(new Set(all.map((c) => `${c.franchiseId}:${c.code}`)).size).toBe(all.length)
    // The same code twice in one franchise is refused by the database itself.
    const [a, b] = await db().select().from(coupons).where(eq(coupons.franchiseId, fid)).limit(2)
    await expect(db().update(coupons).set({ code: a!.code }).where(eq(coupons.id, b!.id))).rejects.toThrow()
  })

  it('draws one code per existing row when the column is added, as the migration adds it', async () => {
    // A table of its own, made as the schema's owner does (db/tenant-context.ts).
    const raw = (text: string) => runAs(OWNER, () => t.database.raw(text))
    await raw('create table backfill_check as select g as n from generate_series(1, 300) g')
    await raw('alter table backfill_check add column code text default coupon_code() not null')
    const { rows } = await raw(
      `select count(distinct code)::int as n, bool_and(code ~ '^[${COUPON_CODE_ALPHABET}]{8}$') as ok from backfill_check`,
    )
    await raw('drop table backfill_check')
    expect(rows[0]).toEqual({ n: 300, ok: true })
  })

  it('reads the coupon of a code as the customer shows it, or from its QR code’s address', () => {
    expect(couponCodeOf('k7mq-2xpa')).toBe('K7MQ2XPA')
    expect(couponCodeOf(' K7MQ 2XPA ')).toBe('K7MQ2XPA')
    expect(couponCodeOf('https://shop.example/pages/coupons/K7MQ2XPA')).toBe('K7MQ2XPA')
    expect(couponCodeOf('K7MQ2XP0')).toBe('')
    expect(couponCodeOf('K7MQ2XP')).toBe('')
  })

  it('the counter reads and redeems a coupon by its code, once, in its own franchise only', async () => {
    const c = await activeCoupon()
    const shown = `${c.code.slice(0, 4)}-${c.code.slice(4)}`.toLowerCase()
    const read = await call('GET', `/api/v2/coupons/by-code/${shown}`, owner)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ id: c.id, code: c.code, clientId: c.clientId, state: 'active' })

    // Another franchise's owner: as if the code did not exist.
    const foreign = await call('GET', `/api/v2/coupons/by-code/${c.code}`, bagels)
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'COUPON_NOT_FOUND'])
    const foreignRedeem = await call('POST', `/api/v2/coupons/by-code/${c.code}/redeem`, bagels)
    expect(foreignRedeem.statusCode).toBe(404)

    const key = { 'idempotency-key': `counter-${c.id}` }
    const redeemed = await call('POST', `/api/v2/coupons/by-code/${c.code}/redeem`, owner, key)
    expect(redeemed.statusCode, redeemed.body).toBe(200)
    expect(redeemed.json()).toMatchObject({ id: c.id, state: 'claimed' })
    const replay = await call('POST', `/api/v2/coupons/by-code/${c.code}/redeem`, owner, key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(redeemed.json())
    const twice = await call('POST', `/api/v2/coupons/by-code/${c.code}/redeem`, owner)
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'COUPON_ALREADY_CLAIMED'])
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.id))
    expect(row!.claimedAt).not.toBeNull()
  })

  it('refuses a malformed code naming it, and answers 404 for a well-formed unknown one', async () => {
    const bad = await call('GET', '/api/v2/coupons/by-code/K7MQ2XP0', owner)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toMatchObject({ field: 'code' })
    const unknown = await call('GET', '/api/v2/coupons/by-code/ZZZZZZZZ', owner)
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'COUPON_NOT_FOUND'])
  })
})
