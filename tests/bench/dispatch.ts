// `npm run bench -- dispatch` (issue 38 §6): one worker's campaign dispatch, consent re-checked and
// exactly-once kept, to the local outbox and to a fake HTTP provider on 127.0.0.1, with no rate and at
// a configured rate. References in the same run: the same engine one message at a time
// (`concurrency: 1`, what it did before), and the bare insert of as many outbox rows in one statement.
import os from 'node:os'
import { eq, sql } from 'drizzle-orm'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { type Db, rowsOf } from '../../src/server/db/client'
import { campaigns, franchises } from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { type DispatchOptions, runDispatch } from '../../src/server/services/campaign-dispatch'
import { addCampaign, addClients } from '../support/campaign-fixtures'
import { startFakeProvider } from '../support/fake-provider'
import { log, machine, openBenchDatabase, today, writeSection } from './support'

const CLIENTS = Number(process.env.DISPATCH_CLIENTS ?? 10_000)
const BENCH_FRANCHISE = 'Bench dispatch'
// A Tuesday, 10:00 in Paris: inside the sending window.
const TUESDAY = new Date('2026-11-24T09:00:00Z')

type Run = { label: string; sent: number; seconds: number; rate: number }

export async function dispatchBench() {
  const { database } = await openBenchDatabase(10)
  const db = database.db
  // A franchise of the bench's own (Maison Dupont's settings), with its clients, made once.
  const [own] = await db.select().from(franchises).where(eq(franchises.name, BENCH_FRANCHISE))
  const franchiseId = own?.id ?? (await benchFranchise(db))
  const have = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from clients where franchise_id = ${franchiseId}`),
  )[0]!.n
  if (have === 0) await addClients(db, franchiseId, CLIENTS)
  else if (have < CLIENTS) throw new Error(`${have} bench clients: set DISPATCH_CLIENTS to at most that`)
  const provider = await startFakeProvider()
  const loadBefore = os.loadavg()

  /** A sending SMS campaign whose `n` recipients are the bench's clients, frozen. */
  const campaignOf = async (n: number) => {
    const c = await addCampaign(db, franchiseId, { name: 'bench dispatch', frozenAt: TUESDAY })
    await db.execute(sql`insert into campaign_recipients (campaign_id, client_id, franchise_id, channel, address)
      select ${c.id}, id, franchise_id, 'SMS', phone from clients
      where franchise_id = ${franchiseId} order by phone limit ${n}`)
    await runAs(OWNER, () => db.execute(sql`analyze campaign_recipients`))
    return c
  }
  const run = async (
    label: string,
    url: string | undefined,
    n: number,
    options: Partial<DispatchOptions>,
  ) => {
    const c = await campaignOf(n)
    const adapter = createSms(url ? { url } : {})
    // The reference sends one at a time, as the engine did: no batch insert either.
    const sms = options.concurrency === 1 ? { ...adapter, sendMany: undefined } : adapter
    const t = process.hrtime.bigint()
    const step = await runDispatch(
      {
        db,
        channels: { SMS: sms, PUSH: createPush({}) },
        now: () => new Date(TUESDAY.getTime() + Number(process.hrtime.bigint() - t) / 1e6),
        options,
      },
      c.id,
    )
    const seconds = Number(process.hrtime.bigint() - t) / 1e9
    const [sent] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from campaign_recipients where campaign_id = ${c.id} and status = 'SENT'`,
      ),
    )
    await db.execute(sql`delete from outbox where dedupe_key like ${`campaign:${c.id}:%`}`)
    await db.delete(campaigns).where(eq(campaigns.id, c.id))
    const rate = sent!.n / seconds
    log(`${label}: ${sent!.n} sent (${step.kind}) in ${seconds.toFixed(2)} s, ${rate.toFixed(0)} messages/s`)
    return { label, sent: sent!.n, seconds, rate } satisfies Run
  }

  // The floor: as many outbox rows inserted bare, in one statement.
  const t = process.hrtime.bigint()
  await db.execute(sql`insert into outbox (franchise_id, channel, recipient, body, status, provider, dedupe_key, sent_at)
    select ${franchiseId}, 'sms', '+33600000000', 'bench', 'DELIVERED_LOCALLY', 'local', 'bench:' || g, now()
    from generate_series(1, ${CLIENTS}) g`)
  const bareSeconds = Number(process.hrtime.bigint() - t) / 1e9
  await db.execute(sql`delete from outbox where dedupe_key like 'bench:%'`)
  const RATE = 200
  const runs: Run[] = [
    await run('local outbox, one at a time (concurrency 1: the engine before)', undefined, CLIENTS / 5, {
      ratePerSecond: 0,
      concurrency: 1,
    }),
    await run('local outbox', undefined, CLIENTS, { ratePerSecond: 0 }),
    await run('fake HTTP provider, one at a time (concurrency 1)', provider.url, CLIENTS / 10, {
      ratePerSecond: 0,
      concurrency: 1,
    }),
    await run('fake HTTP provider, no rate', provider.url, CLIENTS / 2, { ratePerSecond: 0 }),
    await run(`fake HTTP provider, rate ${RATE}/s`, provider.url, CLIENTS / 5, { ratePerSecond: RATE }),
  ]
  const loadAfter = os.loadavg()
  await provider.close()
  const table = runs
    .map((r) => `| ${r.label} | ${r.sent} | ${r.seconds.toFixed(2)} | ${r.rate.toFixed(0)} |`)
    .join('\n')
  writeSection(
    'dispatch',
    `## Campaign dispatch (\`npm run bench -- dispatch\`, ${today()})

${await machine(database)}. Load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after.

One worker (\`runDispatch\`, batches of 100), SMS to the bench's own clients, inside the sending window,
consent re-checked and exactly-once kept. To the outbox a batch is one chunk: its consent read, its
messages inserted and its rows marked sent, a statement each. To a provider, chunks of 25 messages in
flight at once, their starts paced by the rate; each message recorded in the outbox as it is accepted.
The fake provider runs in the same process (its CPU counts against the worker's). Reference, same
run: ${CLIENTS.toLocaleString('en')} outbox rows inserted bare in one statement took ${bareSeconds.toFixed(2)} s
(${Math.round(CLIENTS / bareSeconds).toLocaleString('en')} rows/s).

| run | sent | seconds | messages/s |
| --- | ---: | ---: | ---: |
${table}

Target: ≥ 2,000 messages/s to the outbox (${runs[1]!.rate >= 2000 ? 'met' : 'not met'}); over HTTP, bound by the provider and the
configured rate (${RATE}/s: ${runs[4]!.rate.toFixed(0)}/s achieved).
`,
  )
  await database.close()
}

async function benchFranchise(db: Db): Promise<string> {
  const [dupont] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
  const { id: _, ...settings } = dupont!
  const [f] = await db
    .insert(franchises)
    .values({ ...settings, name: BENCH_FRANCHISE })
    .returning({ id: franchises.id })
  return f!.id
}
