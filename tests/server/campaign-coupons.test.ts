// Issue 18: a campaign's coupons exactly once under interruptions: a send cut off in the middle of a
// provider call and rerun after the lease reuses its coupons; a recipient the provider never accepted
// (ERROR) has its coupon taken back; two workers issuing the same coupon at once (PostgreSQL) agree on it.
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Messenger } from '../../src/server/adapters/messaging'
import { createSms } from '../../src/server/adapters/sms'
import { campaignRecipients, coupons } from '../../src/server/db/schema'
import { issueCoupons } from '../../src/server/services/campaign-coupons'
import {
  type DispatchDeps,
  dispatchStep,
  freezeAudience,
  runDispatch,
} from '../../src/server/services/campaign-dispatch'
import { cancelPending } from '../../src/server/services/campaigns'
import { startTestApp, type TestApp } from '../support/app'
import {
  addCampaign,
  addClients,
  COUPON,
  campaignCoupons,
  franchiseNamed,
  LOCAL_CHANNELS as local,
  PUBLIC,
  recipientsOf,
  resultDeps,
  T0,
} from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'
import { startFakeProvider } from '../support/fake-provider'

describe.each(databaseKinds())('campaign coupons on %s', (kind) => {
  let t: TestApp
  let fid: string
  const db = () => t.database.db
  const deps = (over: Partial<DispatchDeps> = {}) => resultDeps(db(), over)
  const recipients = (campaignId: string) => recipientsOf(db(), campaignId)
  const couponsOf = (campaignId: string) => campaignCoupons(db(), campaignId)

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: PUBLIC } })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    // The test's own SMS-reachable customers, as in campaign-results.test.ts.
    await addClients(db(), fid, 8)
  }, 120_000)
  afterAll(() => t?.close())

  it('issues a coupon exactly once when the send is cut off after issuing it and rerun', async () => {
    const c = await addCampaign(db(), fid, {
      content: 'COUPON_PERCENT',
      coupon: { ...COUPON, type: 'percentage', value: 10 },
    })
    // The first worker dies in its first provider call (never answers, never returns): the chunk's
    // coupons are issued, its messages not yet recorded.
    let calls = 0
    const hang = () => {
      calls++
      return new Promise<never>(() => {})
    }
    const dying: Messenger = { ...local.SMS, send: hang, sendMany: hang }
    void dispatchStep(deps({ channels: { SMS: dying, PUSH: local.PUSH }, options: { batchSize: 5 } }), c.id)
    expect(await eventually(async () => calls > 0)).toBe(true)
    const cut = await couponsOf(c.id)
    expect(cut).toHaveLength(5)
    // Restarted after the lease: the abandoned row goes back to PENDING and its coupon is reused.
    const later = new Date(T0.getTime() + 10 * 60_000)
    expect(await runDispatch(deps({ now: () => later }), c.id)).toEqual({ kind: 'sent' })
    const rows = await recipients(c.id)
    const issued = await couponsOf(c.id)
    const notified = rows.filter((r) => r.status === 'SENT')
    expect(issued).toHaveLength(notified.length)
    expect(new Set(issued.map((x) => x.clientId)).size).toBe(issued.length)
    expect(issued.map((x) => x.id).sort()).toEqual(notified.map((r) => r.couponId).sort())
    for (const x of cut) expect(issued.map((i) => i.id)).toContain(x.id)
    const claimed = await db()
      .select()
      .from(coupons)
      .where(and(eq(coupons.campaignId, c.id), isNotNull(coupons.claimedAt)))
    expect(claimed).toEqual([])
  })

  it('takes back the coupon of a recipient the provider never accepted (ERROR)', async () => {
    await addClients(db(), fid, 3, '+3368')
    const provider = await startFakeProvider()
    provider.failures.error500 = 1
    try {
      const c = await addCampaign(db(), fid, {
        content: 'COUPON_PRODUCT',
        coupon: { ...COUPON, type: 'product' },
      })
      const http = { SMS: createSms({ url: provider.url }), PUSH: local.PUSH }
      await runDispatch(deps({ channels: http, options: { maxAttempts: 1, breakerThreshold: 1_000 } }), c.id)
      const rows = await recipients(c.id)
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.status === 'ERROR' && r.couponId === null)).toBe(true)
      expect(await couponsOf(c.id)).toEqual([])
    } finally {
      await provider.close()
    }
  })

  // Found in review (issue 38 §6): a chunk's coupons are issued before the send, and a chunk given back
  // (paused, window closing) keeps them on its PENDING rows; cancelling then left them issued for good.
  it('withdraws the unused coupons of the rows a cancel takes, and keeps a used one', async () => {
    const mine = await addClients(db(), fid, 3, '+3366')
    const c = await addCampaign(db(), fid, { content: 'COUPON_AMOUNT', coupon: COUPON, dispatch: 'IDLE' })
    await freezeAudience(db(), c.id, T0)
    const held = (await recipients(c.id)).filter((r) => mine.includes(r.clientId))
    expect(held).toHaveLength(3)
    const issued = await issueCoupons(db(), c, 'EUR', held, T0)
    expect(issued.size).toBe(3)
    const used = issued.get(mine[0]!)!
    await db().update(coupons).set({ claimedAt: T0 }).where(eq(coupons.id, used))
    await cancelPending(db(), c)
    const rows = (await recipients(c.id)).filter((r) => mine.includes(r.clientId))
    expect(rows.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED'])
    expect(rows.filter((r) => r.couponId).map((r) => r.couponId)).toEqual([used])
    expect((await couponsOf(c.id)).map((k) => k.id)).toEqual([used])
  })

  // Found by the SIGKILL test: a worker whose lease ran out and the one that took the row over issue
  // the coupon at once; the second's statement waits for the first's insert and cannot see it.
  it.runIf(kind === 'postgres')('finds the coupon another worker inserted while it waited', async () => {
    const [client] = await addClients(db(), fid, 1, '+3367')
    const c = await addCampaign(db(), fid, { content: 'COUPON_AMOUNT', coupon: COUPON, dispatch: 'IDLE' })
    await freezeAudience(db(), c.id, T0)
    const r = (await recipients(c.id)).find((x) => x.clientId === client)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let inserted = () => {}
    const isInserted = new Promise<void>((resolve) => {
      inserted = resolve
    })
    const other = db().transaction(async (tx) => {
      await tx.insert(coupons).values({
        franchiseId: fid,
        clientId: r!.clientId,
        campaignId: c.id,
        type: 'flat',
        value: 500,
        header: '5 € offerts',
        expiresAt: T0,
      })
      inserted()
      await held
    })
    await isInserted
    const mine = issueCoupons(db(), c, 'EUR', [{ ...r!, couponId: null }], T0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    await other
    const [theirs] = await couponsOf(c.id)
    expect((await mine).get(r!.clientId)).toBe(theirs!.id)
    const [row] = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.clientId, r!.clientId)))
    expect(row!.couponId).toBe(theirs!.id)
  })
})
