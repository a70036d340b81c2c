// Starts the job queue with the server and registers every worker. Jobs are never run from a timer
// in the process: they are rows in the queue, so a restart loses none and any server may take them.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type PgBoss from 'pg-boss'
import { ANALYTICS_ROLLUP_CRON, ANALYTICS_ROLLUP_JOB, rollupJob } from '../jobs/analytics'
import {
  AUTOMATIONS_RUN_JOB,
  AUTOMATIONS_TICK_CRON,
  AUTOMATIONS_TICK_JOB,
  type AutomationRunData,
  automationsRunJob,
  automationsTick,
} from '../jobs/automations'
import { type DispatchJobData, dispatchQueueOptions, pgBossCampaignQueue } from '../jobs/campaign-queue'
import { CAMPAIGN_STATS_CRON, CAMPAIGN_STATS_JOB, campaignStatsJob } from '../jobs/campaign-stats'
import {
  EXPIRY_RUN_JOB,
  EXPIRY_TICK_CRON,
  EXPIRY_TICK_JOB,
  type ExpiryRunData,
  expiryRunJob,
  expiryTick,
} from '../jobs/expiry'
import { analyzeEmbedded, PURGE_TOKENS_JOB, purgeExpiredTokens } from '../jobs/housekeeping'
import {
  IMPORT_JOB,
  type ImportJobData,
  importJob,
  importQueueOptions,
  pgBossImportQueue,
  requeueImports,
} from '../jobs/imports'
import { MAIL_DELIVER_CRON, MAIL_DELIVER_JOB, mailDeliverJob, mailDeliverQueueOptions } from '../jobs/mail'
import { createQueue, senderQueue } from '../jobs/queue'
import { startDeliveryRuns } from '../jobs/wake'
import {
  queueWebhookRun,
  WEBHOOKS_DELIVER_CRON,
  WEBHOOKS_DELIVER_JOB,
  WEBHOOKS_PURGE_CRON,
  WEBHOOKS_PURGE_JOB,
  webhooksDeliverJob,
  webhooksDeliverQueueOptions,
} from '../jobs/webhooks'
import { DISPATCH_JOB } from '../services/campaign-dispatch'
import { requeueLiveCampaigns, runCampaignJob } from '../services/campaign-run'
import type { CampaignQueue } from '../services/campaigns'
import { compactStoreDayCounts } from '../services/client-counts'
import { purgeIdempotencyKeys } from '../services/idempotency'
import type { ImportQueue } from '../services/imports'
import { PURGE_POS_ORDERS_JOB, purgeOldOrders } from '../services/pos'
import type { WebhookQueue } from '../services/webhooks'
import { purgeOldEvents } from '../services/webhooks-delivery'

declare module 'fastify' {
  interface FastifyInstance {
    jobs: PgBoss | undefined
    /** Where campaign dispatch jobs are queued; undefined without jobs (JOBS=off). */
    campaignQueue: CampaignQueue | undefined
    /** Where client import jobs are queued; undefined without jobs. */
    importQueue: ImportQueue | undefined
    /** Wakes the outgoing webhooks' deliveries job; undefined without jobs. */
    webhookQueue: WebhookQueue | undefined
  }
}

/**
 * What a campaign's dispatch sends with in this app: its adapters, and each recipient's short link
 * (opens, coupon page) on the server's public URL, the one the editor's preview reads (GET
 * …/communication-campaigns/short-link-base answers config.publicUrl too).
 */
export const dispatchDepsOf = (app: FastifyInstance) => ({
  db: app.database.db,
  channels: { SMS: app.adapters.sms, PUSH: app.adapters.push },
  linkBase: app.config.publicUrl,
})

export type JobsOptions = {
  enabled: boolean
  /**
   * Without jobs, still queue them for the workers (a web process of a fleet, PROCESS_ROLE=web): a
   * campaign sent or an import started there is a job a worker runs. Needs PostgreSQL.
   */
  queueOnly?: boolean
  databaseUrl: string | undefined
  pollingIntervalSeconds?: number
  /** How long a stop waits for running jobs before failing them back to the queue. */
  stopTimeoutMs?: number
}

export default fp(
  async (app: FastifyInstance, opts: JobsOptions) => {
    if (!opts.enabled && opts.queueOnly && app.database.kind === 'postgres' && opts.databaseUrl) {
      const boss = await senderQueue(opts.databaseUrl)
      boss.on('error', (err) => app.log.error({ err }, 'job queue error'))
      app.decorate('jobs', boss)
      app.decorate('campaignQueue', pgBossCampaignQueue(boss, app.database))
      app.decorate('importQueue', pgBossImportQueue(boss))
      app.decorate('webhookQueue', { wake: () => queueWebhookRun(boss) })
      app.addHook('onClose', async () => {
        await boss.stop({ graceful: false, wait: true })
      })
      return
    }
    if (!opts.enabled) {
      app.decorate('jobs', undefined)
      app.decorate('campaignQueue', undefined)
      app.decorate('importQueue', undefined)
      app.decorate('webhookQueue', undefined)
      return
    }
    const boss = createQueue(app.database, opts.databaseUrl)
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'))
    await boss.start()
    const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }

    await boss.createQueue(PURGE_TOKENS_JOB)
    await boss.work(PURGE_TOKENS_JOB, polling, async () => {
      const count = await purgeExpiredTokens(app.database.db)
      // Idempotency keys are kept 48 h (at least the 24 h a client may retry in), then go too.
      const keys = await purgeIdempotencyKeys(app.database.db)
      // The stores' day counters, appended to by visits, folded back to one row per day.
      const counters = await compactStoreDayCounts(app.database.db)
      // The embedded database's statistics, which no autovacuum keeps.
      const analyzed = await analyzeEmbedded(app.database).catch((err: Error) => {
        app.log.warn({ err }, 'planner statistics not refreshed')
        return false
      })
      app.log.info(
        { count, keys, counters, analyzed },
        'expired access tokens and idempotency keys purged, counters folded',
      )
      return { count, keys, counters, analyzed }
    })
    await boss.schedule(PURGE_TOKENS_JOB, '17 * * * *')

    // Point-of-sale orders older than their account's receipt deletion delay go once an hour.
    await boss.createQueue(PURGE_POS_ORDERS_JOB)
    await boss.work(PURGE_POS_ORDERS_JOB, polling, async () => {
      const count = await purgeOldOrders(app.database.db)
      app.log.info({ count }, 'old POS orders purged')
      return { count }
    })
    await boss.schedule(PURGE_POS_ORDERS_JOB, '23 * * * *')

    // Analytics rollups: every minute, and once the app is ready, so after the demo data is loaded
    // (main.ts seeds between building the app and listening): the first run backfills it.
    // Stately: one run active and one waiting at most, so minutes do not pile up behind a long
    // backfill (a million clients' ledger), which may also take longer than the default expiry.
    await boss.createQueue(ANALYTICS_ROLLUP_JOB, {
      name: ANALYTICS_ROLLUP_JOB,
      policy: 'stately',
      expireInHours: 2,
    })
    await boss.schedule(ANALYTICS_ROLLUP_JOB, ANALYTICS_ROLLUP_CRON)
    app.addHook('onReady', async () => {
      await boss.work(ANALYTICS_ROLLUP_JOB, polling, async () => rollupJob(app.database.db, app.log))
      await boss.send(ANALYTICS_ROLLUP_JOB, {})
    })

    // Campaign dispatch (issue 18): one waiting job per campaign (see jobs/campaigns.ts); a long send
    // hands over to a new job every few minutes, well within the expiry; failures retry with backoff.
    await boss.createQueue(DISPATCH_JOB, dispatchQueueOptions)
    const campaignQueue = pgBossCampaignQueue(boss, app.database)
    app.addHook('onReady', async () => {
      // The adapters are registered after this plugin: the worker starts once they are.
      await boss.work<DispatchJobData>(DISPATCH_JOB, polling, async ([job]) => {
        const outcome = await runCampaignJob(
          {
            ...dispatchDepsOf(app),
            queue: campaignQueue,
            config: app.config.campaigns,
          },
          job!.data.campaignId,
        )
        return { kind: outcome.kind }
      })
      // Campaigns left waiting or sending by a stop get their job back.
      await requeueLiveCampaigns(app.database.db, campaignQueue)
    })
    // Campaign stats: every minute, one run at a time (stately), like the analytics rollup.
    await boss.createQueue(CAMPAIGN_STATS_JOB, { name: CAMPAIGN_STATS_JOB, policy: 'stately' })
    await boss.work(CAMPAIGN_STATS_JOB, polling, async () => campaignStatsJob(app.database.db, app.log))
    await boss.schedule(CAMPAIGN_STATS_JOB, CAMPAIGN_STATS_CRON)

    // Automated marketing (issue 20): the tick queues each due franchise's daily run (jobs/automations.ts).
    await boss.createQueue(AUTOMATIONS_TICK_JOB, { name: AUTOMATIONS_TICK_JOB, policy: 'stately' })
    await boss.createQueue(AUTOMATIONS_RUN_JOB, {
      name: AUTOMATIONS_RUN_JOB,
      policy: 'short',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
    })
    await boss.schedule(AUTOMATIONS_TICK_JOB, AUTOMATIONS_TICK_CRON)
    app.addHook('onReady', async () => {
      await boss.work(AUTOMATIONS_TICK_JOB, polling, async () => automationsTick(app.database.db, boss))
      await boss.work<AutomationRunData>(AUTOMATIONS_RUN_JOB, polling, async ([job]) =>
        automationsRunJob(app.database.db, campaignQueue, job!.data),
      )
    })

    // Points expiry (issue 23): the tick queues each due franchise's nightly run (jobs/expiry.ts).
    await boss.createQueue(EXPIRY_TICK_JOB, { name: EXPIRY_TICK_JOB, policy: 'stately' })
    await boss.createQueue(EXPIRY_RUN_JOB, {
      name: EXPIRY_RUN_JOB,
      policy: 'short',
      expireInSeconds: 60 * 60,
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
    })
    await boss.schedule(EXPIRY_TICK_JOB, EXPIRY_TICK_CRON)
    app.addHook('onReady', async () => {
      await boss.work(EXPIRY_TICK_JOB, polling, async () => expiryTick(app.database.db, boss))
      await boss.work<ExpiryRunData>(EXPIRY_RUN_JOB, polling, async ([job]) =>
        expiryRunJob(app.database.db, campaignQueue, job!.data),
      )
    })
    // Outgoing webhooks (issue 23): deliveries every minute and on demand (jobs/webhooks.ts).
    await boss.createQueue(WEBHOOKS_DELIVER_JOB, webhooksDeliverQueueOptions)
    await boss.schedule(WEBHOOKS_DELIVER_JOB, WEBHOOKS_DELIVER_CRON)
    app.decorate('webhookQueue', { wake: () => queueWebhookRun(boss) })
    await boss.createQueue(WEBHOOKS_PURGE_JOB, { name: WEBHOOKS_PURGE_JOB, policy: 'stately' })
    await boss.schedule(WEBHOOKS_PURGE_JOB, WEBHOOKS_PURGE_CRON)
    let stopWebhookRuns = async () => {}
    app.addHook('onReady', async () => {
      const deps = () => ({
        db: app.database.db,
        sender: app.adapters.webhooks,
        timeoutMs: app.config.webhooks.timeoutMs,
      })
      // Deliveries go out as their change commits, not at the minute's run (jobs/wake.ts).
      stopWebhookRuns = await startDeliveryRuns(
        boss,
        app.database,
        { name: WEBHOOKS_DELIVER_JOB, channel: 'webhooks_due', polling },
        (dueAt) => webhooksDeliverJob(deps(), dueAt, app.log),
        app.log,
      )
      await boss.work(WEBHOOKS_PURGE_JOB, polling, async () => ({
        count: await purgeOldEvents(app.database.db),
      }))
    })
    // E-mail through SMTP or a mail API (issue 35 §2): queued messages as they commit, at a retry's
    // time, and every minute (jobs/mail.ts).
    const mailTransport = app.adapters.mail.transport
    let stopMailRuns = async () => {}
    if (mailTransport) {
      await boss.createQueue(MAIL_DELIVER_JOB, mailDeliverQueueOptions)
      await boss.schedule(MAIL_DELIVER_JOB, MAIL_DELIVER_CRON)
      app.addHook('onReady', async () => {
        const deps = { db: app.database.db, transport: mailTransport }
        stopMailRuns = await startDeliveryRuns(
          boss,
          app.database,
          { name: MAIL_DELIVER_JOB, channel: 'mail_due', polling },
          (dueAt) => mailDeliverJob(deps, dueAt, app.log),
          app.log,
        )
      })
    }
    // Client imports (issue 23): one waiting job per import; a stop's leftovers are queued again.
    await boss.createQueue(IMPORT_JOB, importQueueOptions)
    const importQueue = pgBossImportQueue(boss)
    app.addHook('onReady', async () => {
      await boss.work<ImportJobData>(IMPORT_JOB, polling, async ([job]) =>
        importJob(app.database.db, job!.data),
      )
      await requeueImports(app.database.db, importQueue)
    })

    app.decorate('jobs', boss)
    app.decorate('campaignQueue', campaignQueue)
    app.decorate('importQueue', importQueue)
    app.addHook('onClose', async () => {
      await stopWebhookRuns()
      await stopMailRuns()
      await boss.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 10_000 })
    })
  },
  { name: 'jobs', dependencies: ['db', 'adapters'] },
)
