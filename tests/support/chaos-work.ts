// The work the chaos test (tests/server/chaos.test.ts) runs through the fleet while it kills processes,
// and what it checks once the fleet has settled: each message once, each webhook event delivered, the
// import done once, every balance its ledger's sum, no failed job.
import { expect } from 'vitest'
import { call } from '../../src/api/client'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { dedupeKey } from '../../src/server/services/campaign-dispatch'
import { smsNewsCampaignBody, soldesNewsBody } from './campaign-fixtures'
import type { TestDatabase } from './database'
import type { FakeProvider } from './fake-provider'
import { IMPORT_MAPPING } from './import-fixtures'
import type { WebhookReceiver } from './webhook-receiver'

export type Work = { campaignId: string; importId: string; importRows: number; openings: number }

/** Every 10th imported record opens with points (through the ledger). */
const OPENING = 5
const importCsv = (rows: number) => {
  const lines = ['first_name,last_name,email,phone,gender,birth_date,postcode,points']
  for (let i = 0; i < rows; i++)
    lines.push(
      `Imported ${i},Chaos,i${i}@chaos.test,+3362${String(i).padStart(7, '0')},F,,75001,${i % 10 === 0 ? OPENING : ''}`,
    )
  return `${lines.join('\n')}\n`
}

/**
 * Through the balancer, before the first kill (none of these calls is safe to repeat): a webhook
 * endpoint for every ledger move, a campaign to every client with its recipients chosen, then a client
 * import started (after the choice, so that its clients are not recipients).
 */
export async function setUpWork(o: {
  url: string
  auth: Record<string, string>
  franchiseId: string
  receiverUrl: string
  importRows: number
  news: { startDate: string; endDate: string }
}): Promise<Work> {
  const post = <T>(p: string, body: unknown) =>
    call<T>(`${o.url}${p}`, { method: 'POST', body, headers: o.auth })
  await post(`/api/v2/franchises/${o.franchiseId}/webhooks`, { url: o.receiverUrl, events: ['points.moved'] })
  const me = await call<{ id: string }>(`${o.url}/api/v2/users/me`, { headers: o.auth })
  const news = await post<{ id: string }>(
    `/api/v2/franchises/${o.franchiseId}/news`,
    soldesNewsBody(o.news.startDate, o.news.endDate),
  )
  const campaign = await post<{ id: string }>(
    `/api/v2/franchises/${o.franchiseId}/communication-campaigns`,
    smsNewsCampaignBody(me.id, news.id, {}, { name: 'Chaos' }),
  )
  // Its recipients are chosen when it starts sending.
  for (let i = 0; ; i++) {
    const c = await call<{ progress: { pending: number; sent: number } }>(
      `${o.url}/api/v2/communication-campaigns/${campaign.id}`,
      { headers: o.auth },
    )
    if (c.progress.pending + c.progress.sent > 0) break
    if (i > 300) throw new Error(`the campaign did not start within 60 s: ${JSON.stringify(c)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const form = new FormData()
  form.append('file', new Blob([importCsv(o.importRows)], { type: 'text/csv' }), 'chaos.csv')
  const uploaded = await fetch(`${o.url}/api/v2/imports?franchiseId=${o.franchiseId}`, {
    method: 'POST',
    body: form,
    headers: o.auth,
  })
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`)
  const { id: importId } = (await uploaded.json()) as { id: string }
  await post(`/api/v2/imports/${importId}/run`, { mapping: IMPORT_MAPPING })
  return {
    campaignId: campaign.id,
    importId,
    importRows: o.importRows,
    openings: Math.ceil(o.importRows / 10),
  }
}

const one = async (database: TestDatabase, text: string, values: unknown[] = []) =>
  (await runAs(OWNER, () => database.raw(text, values))).rows[0] as Record<string, unknown>

/** Waits (bounded) until the fleet has finished the work, then checks that nothing was lost or doubled. */
export async function expectSettled(o: {
  database: TestDatabase
  provider: FakeProvider
  receiver: WebhookReceiver
  work: Work
  franchiseId: string
  recipients: number
}) {
  const { database, work } = o
  const progress = () =>
    one(
      database,
      `select (select dispatch from campaigns where id = $1) as dispatch,
         (select status from client_imports where id = $2) as import,
         (select count(*)::int from webhook_deliveries where franchise_id = $3 and status <> 'SUCCEEDED') as undelivered`,
      [work.campaignId, work.importId, o.franchiseId],
    )
  // A killed delivery waits for its lease to end (17 s here) and the run scheduled for that time.
  const from = performance.now()
  const deadline = from + 240_000
  // When each part was first seen done: a slow settle names the part that held it.
  const doneAt: { sent?: number; imported?: number; delivered?: number } = {}
  const note = (n: Awaited<ReturnType<typeof progress>>) => {
    const at = Math.round(performance.now() - from)
    if (n.dispatch === 'SENT') doneAt.sent ??= at
    if (n.import === 'DONE') doneAt.imported ??= at
    if (n.undelivered === 0) doneAt.delivered ??= at
  }
  let now = await progress()
  note(now)
  while (!(now.dispatch === 'SENT' && now.import === 'DONE' && now.undelivered === 0)) {
    if (performance.now() > deadline) throw new Error(`not settled within 240 s: ${JSON.stringify(now)}`)
    await new Promise((r) => setTimeout(r, 500))
    now = await progress()
    note(now)
  }
  const settledMs = Math.round(performance.now() - from)

  // Each message exactly once: every recipient SENT under the id the provider gave its one message.
  const recipients = (
    await runAs(OWNER, () =>
      database.raw(
        'select client_id, status, provider_message_id from campaign_recipients where campaign_id = $1',
        [work.campaignId],
      ),
    )
  ).rows
  expect(recipients.length).toBeGreaterThanOrEqual(o.recipients)
  expect(recipients.filter((r) => r.status !== 'SENT')).toEqual([])
  const accepted = new Map(o.provider.accepted.map((a) => [a.key, a]))
  const mine = o.provider.accepted.filter((a) => a.key?.startsWith(dedupeKey(work.campaignId, '')))
  expect(mine).toHaveLength(recipients.length)
  for (const r of recipients)
    expect(r.provider_message_id).toBe(accepted.get(dedupeKey(work.campaignId, String(r.client_id)))?.id)

  // The import once: every record created, every opening balance one ledger row.
  const imported = await one(
    database,
    `select i.status, i.created, i.skipped,
       (select count(*)::int from clients c where c.franchise_id = $2 and c.email like '%@chaos.test') as clients,
       (select count(*)::int from points_transactions t join clients c on c.id = t.client_id
          where c.franchise_id = $2 and c.email like '%@chaos.test') as openings
     from client_imports i where i.id = $1`,
    [work.importId, o.franchiseId],
  )
  expect(imported).toEqual({
    status: 'DONE',
    created: work.importRows,
    skipped: 0,
    clients: work.importRows,
    openings: work.openings,
  })

  // Every balance is its ledger's sum.
  const off = await one(
    database,
    `select count(*)::int as n from clients c join client_balances b on b.client_id = c.id
     where c.franchise_id = $1
       and b.points <> coalesce((select sum(t.points) from points_transactions t where t.client_id = c.id), 0)`,
    [o.franchiseId],
  )
  expect(off.n).toBe(0)

  // Every event delivered once as far as the log goes, each request signed for one of them.
  const events = (
    await runAs(OWNER, () =>
      database.raw(
        `select e.id, count(d.id)::int as deliveries, bool_and(d.status = 'SUCCEEDED') as ok
         from webhook_events e left join webhook_deliveries d on d.event_id = e.id
         where e.franchise_id = $1 group by e.id`,
        [o.franchiseId],
      ),
    )
  ).rows
  expect(events.length).toBeGreaterThan(work.openings)
  expect(events.filter((e) => e.deliveries !== 1 || !e.ok)).toEqual([])
  const received = new Set(o.receiver.received.map((r) => r.headers['webhook-id']))
  expect(events.filter((e) => !received.has(String(e.id)))).toEqual([])

  // No job failed for good or waits to be retried.
  const failed = (
    await runAs(OWNER, () =>
      database.raw(`select name, state, count(*)::int as n from pgboss.job
        where state in ('failed', 'retry') group by name, state`),
    )
  ).rows
  expect(failed).toEqual([])
  return { settledMs, doneAt, events: events.length }
}

export const chaosFigures = (f: {
  seconds: number
  kills: string[]
  moves: number
  reads: number
  recipients: number
  importRows: number
  settledMs: number
  doneAt: { sent?: number; imported?: number; delivered?: number }
  events: number
  restartMs: number
  failedStarts: number
}) =>
  `chaos: ${f.seconds} s, ${f.kills.length} SIGKILLs (${f.kills.join(' ')}), 1 database restart (${(f.restartMs / 1000).toFixed(1)} s); ` +
  `${f.moves} moves and ${f.reads} reads answered, ${f.recipients} SMS sent once, ${f.importRows} records imported once, ` +
  `${f.events} webhook events delivered; settled ${(f.settledMs / 1000).toFixed(1)} s after the last kill ` +
  `(${settledParts(f.doneAt)}); ` +
  `${f.failedStarts} starts failed while the database restarted (started again)`

const settledParts = (d: { sent?: number; imported?: number; delivered?: number }) =>
  (
    [
      ['campaign sent', d.sent],
      ['import done', d.imported],
      ['webhooks delivered', d.delivered],
    ] as const
  )
    .map(([what, ms]) => `${what} at ${((ms ?? 0) / 1000).toFixed(1)} s`)
    .join(', ')
