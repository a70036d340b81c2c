// Automated marketing test support (issue 20): an automation row, clients with a birthday or visits,
// and a fake-clock driver that runs the daily run and the dispatch jobs it queues, like the server's
// pg-boss workers do, at chosen instants.
import { and, eq, like } from 'drizzle-orm'
import type { AutomationType } from '../../src/domain/automations'
import type { Db } from '../../src/server/db/client'
import { automatedMarketings, campaignRecipients, clients, outbox } from '../../src/server/db/schema'
import { runFranchiseAutomations } from '../../src/server/services/automation-selection'
import { requeueLiveCampaigns, runCampaignJob } from '../../src/server/services/campaign-run'
import type { CampaignQueue } from '../../src/server/services/campaigns'
import { LOCAL_CHANNELS } from './campaign-fixtures'

export async function addAutomation(
  db: Db,
  franchiseId: string,
  type: AutomationType,
  values: Partial<typeof automatedMarketings.$inferInsert> = {},
) {
  // One automation of a type per franchise: a test's replaces the previous test's.
  await db
    .delete(automatedMarketings)
    .where(and(eq(automatedMarketings.franchiseId, franchiseId), eq(automatedMarketings.type, type)))
  const [a] = await db
    .insert(automatedMarketings)
    .values({
      franchiseId,
      type,
      title: type,
      name: type,
      message: `${type} message`,
      channel: 'SMS',
      ...values,
    })
    .returning()
  return a!
}

let phone = 0
/** A client with a French mobile number. */
export async function addClient(
  db: Db,
  franchiseId: string,
  values: Partial<typeof clients.$inferInsert> = {},
) {
  phone++
  const [c] = await db
    .insert(clients)
    .values({
      franchiseId,
      firstName: `C${phone}`,
      phone: `+3367${String(phone).padStart(7, '0')}`,
      ...values,
    })
    .returning()
  return c!
}

/** The dispatch jobs queued, run when their time comes on the test's clock. */
export function fakeWorkers(db: Db) {
  const jobs: { campaignId: string; at: Date }[] = []
  let now = new Date(0)
  const queue: CampaignQueue = {
    async enqueue(campaignId, at) {
      jobs.push({ campaignId, at })
    },
  }
  const deps = () => ({
    db,
    channels: LOCAL_CHANNELS,
    queue,
    config: { smsPerSecond: 50, pushPerSecond: 200, breakerThreshold: 10, leaseMs: 60_000 },
    now: () => now,
    sleep: async () => {},
    isHoliday: () => false,
  })
  /** Runs every job due at `at` (and those they queue for no later). */
  async function drain(at: Date) {
    now = at
    for (;;) {
      const i = jobs.findIndex((j) => j.at <= at)
      if (i < 0) return
      const [job] = jobs.splice(i, 1)
      await runCampaignJob(deps(), job!.campaignId)
    }
  }
  return {
    queue,
    jobs,
    drain,
    /** The daily run of a franchise at `at`, then the dispatch of what it queued. */
    async runDay(franchiseId: string, at: Date) {
      const result = await runFranchiseAutomations(db, franchiseId, at, queue)
      await drain(at)
      return result
    },
    /** A server start: live campaigns get their job back. */
    requeue: (at: Date) => requeueLiveCampaigns(db, queue, at),
  }
}

/** What an automation sent: its recipients SENT, with the instant and the outbox's dedupe keys. */
export async function sendsOf(db: Db, automationId: string) {
  const rows = await db
    .select({
      clientId: campaignRecipients.clientId,
      sentAt: campaignRecipients.sentAt,
      key: campaignRecipients.dedupeKey,
      status: campaignRecipients.status,
    })
    .from(campaignRecipients)
    .where(like(campaignRecipients.dedupeKey, `automation:${automationId}:%`))
  const delivered = await db
    .select({ key: outbox.dedupeKey })
    .from(outbox)
    .where(like(outbox.dedupeKey, `automation:${automationId}:%`))
  return { rows, outbox: delivered.map((d) => d.key!) }
}
