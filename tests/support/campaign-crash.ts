// Issue 18's proof that a campaign sends each message exactly once (PostgreSQL): a 1,000-recipient SMS
// campaign, its worker killed with SIGKILL at 8 random moments and restarted each time (CRASH_KILLS=20 and
// CRASH_RECIPIENTS=2000 or more for a long run: 20 kills of 2,000 made these two files 215 s of the suite);
// then the same with the provider failing or never answering on 10% of calls, and with two workers at
// once. Afterwards the provider's own record has exactly one message for every recipient and none
// missing. Run with the generic HTTP provider (its Idempotency-Key) and with Twilio's API (no key: the
// outbox row written before the call and Twilio's list of messages by number, adapters/sms/twilio.ts).
import type { ChildProcess } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignRecipients, coupons } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { dedupeKey } from '../../src/server/services/campaign-dispatch'
import { addCampaign, addClients, franchiseNamed } from './campaign-fixtures'
import { openTestDatabase, type TestDatabase } from './database'
import { type FakeProvider, startFakeProvider } from './fake-provider'
import { startFakeTwilio } from './fake-twilio'
import { spawnWorker } from './worker-bundle'

const RECIPIENTS = Number(process.env.CRASH_RECIPIENTS ?? 1_000)
const KILLS = Number(process.env.CRASH_KILLS ?? 8)
// Tuesday 24 November 2026, 10:00 in Paris: the workers' clock runs from there.
const OFFSET = new Date('2026-11-24T09:00:00Z').getTime() - Date.now()

const PROVIDERS = {
  http: {
    start: startFakeProvider,
    keyOf: (campaignId: string, r: { clientId: string }) => dedupeKey(campaignId, r.clientId),
  },
  // Twilio keeps no key of ours: its record of a recipient is the messages sent to that number.
  twilio: { start: startFakeTwilio, keyOf: (_campaignId: string, r: { address: string }) => r.address },
}

/** The crash test through one provider: a file of its own each, so that Vitest runs the two side by side. */
export function describeCampaignCrash(kind: keyof typeof PROVIDERS) {
  describe.runIf(!!process.env.DATABASE_URL)(
    `campaign dispatch under SIGKILL through the ${kind} provider (postgres)`,
    () => {
      const { start, keyOf } = PROVIDERS[kind]
      let database: TestDatabase
      let franchiseId: string
      let seed0 = 7
      beforeAll(async () => {
        database = await openTestDatabase('postgres')
        await seed(database, () => {}, ['categories', 'accounts'])
        franchiseId = (await franchiseNamed(database.db, 'Maison Dupont')).id
        await addClients(database.db, franchiseId, RECIPIENTS)
      }, 180_000)
      afterAll(() => database?.drop())

      const worker = (provider: FakeProvider, campaignId: string): ChildProcess =>
        spawnWorker('tests/support/campaign-worker.ts', {
          env: {
            ...process.env,
            DATABASE_URL: database.url!,
            PROVIDER_URL: provider.url,
            PROVIDER_KIND: kind,
            CAMPAIGN_ID: campaignId,
            CLOCK_OFFSET_MS: String(OFFSET),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        })
      const exited = (p: ChildProcess) =>
        new Promise<number | null>((resolve) =>
          p.exitCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
        )

      /** Runs `workers` processes, killing one at a random moment `kills` times, until the campaign is sent. */
      async function sendThroughCrashes(
        provider: FakeProvider,
        workers: number,
        kills: number,
        values: Parameters<typeof addCampaign>[2] = {},
      ) {
        const c = await addCampaign(database.db, franchiseId, values)
        let state = seed0++
        const random = () => {
          state = (state * 48271) % 2147483647
          return state / 2147483647
        }
        let running = Array.from({ length: workers }, () => worker(provider, c.id))
        for (let k = 0; k < kills; k++) {
          // Kill once the provider has seen a little more traffic: always mid-send, never before the start.
          const target = provider.posts + 20 + Math.floor(random() * 80)
          const deadline = Date.now() + 30_000
          while (provider.posts < target && Date.now() < deadline && running.some((p) => p.exitCode === null))
            await new Promise((r) => setTimeout(r, 5))
          const victim = running[Math.floor(random() * running.length)]!
          victim.kill('SIGKILL')
          await exited(victim)
          running = running.map((p) => (p === victim ? worker(provider, c.id) : p))
        }
        const codes = await Promise.all(running.map(exited))
        expect(codes.every((code) => code === 0)).toBe(true)
        return c.id
      }

      async function expectExactlyOnce(provider: FakeProvider, campaignId: string) {
        const rows = await database.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, campaignId))
        expect(rows).toHaveLength(RECIPIENTS)
        expect(rows.filter((r) => r.status !== 'SENT')).toEqual([])
        const keys = new Set(rows.map((r) => keyOf(campaignId, r)))
        const mine = provider.accepted.filter((a) => a.key && keys.has(a.key))
        expect(mine).toHaveLength(RECIPIENTS)
        expect(new Set(mine.map((a) => a.key)).size).toBe(RECIPIENTS)
        for (const r of rows)
          expect(r.providerMessageId).toBe(provider.accepted.find((a) => a.key === keyOf(campaignId, r))?.id)
      }

      it(`sends each of ${RECIPIENTS} messages exactly once through ${KILLS} SIGKILLs`, async () => {
        const provider = await start({ seed: 1 })
        try {
          const id = await sendThroughCrashes(provider, 1, KILLS)
          await expectExactlyOnce(provider, id)
        } finally {
          await provider.close()
        }
      }, 600_000)

      it('and with the provider failing or never answering on 10% of calls, two workers at once, one coupon each', async () => {
        const provider = await start({ seed: 2 })
        provider.failures.error500 = 0.05
        provider.failures.hang = 0.05
        try {
          const id = await sendThroughCrashes(provider, 2, KILLS, {
            content: 'COUPON_AMOUNT',
            coupon: { type: 'flat', value: 500, header: '5 €', validity: { value: 1, unit: 'months' } },
          })
          await expectExactlyOnce(provider, id)
          // Every recipient got exactly one coupon, the one its row names, whatever the kills.
          const issued = await database.db.select().from(coupons).where(eq(coupons.campaignId, id))
          const rows = await database.db
            .select()
            .from(campaignRecipients)
            .where(eq(campaignRecipients.campaignId, id))
          expect(issued).toHaveLength(RECIPIENTS)
          expect(new Set(issued.map((k) => k.clientId)).size).toBe(RECIPIENTS)
          expect(new Set(rows.map((r) => r.couponId))).toEqual(new Set(issued.map((k) => k.id)))
        } finally {
          await provider.close()
        }
      }, 600_000)
    },
  )
}
