// The background job queue: pg-boss on the same database as the app. On PostgreSQL it has its own
// small pool; on PGlite (one process, one connection) it runs its SQL through the app's handle.
import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { OWNER, runAs } from '../db/tenant-context'
import { dispatchQueueOptions } from './campaign-queue'
import { importQueueOptions } from './imports'
import { webhooksDeliverQueueOptions } from './webhooks'

/**
 * pg-boss with its queue creation made safe to run from several processes at once: pg-boss 10's
 * `create_queue` makes a partition table and deadlocks (40P01) when two processes of a fleet start
 * together; the one PostgreSQL picked as the victim tries again.
 */
function retryingDeadlocks(boss: PgBoss): PgBoss {
  // pg-boss copies its manager's functions onto the instance, so the wrapper goes on the instance too.
  const create = boss.createQueue.bind(boss)
  boss.createQueue = async (name, options) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await create(name, options)
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 8) throw err
        // Apart again, at random: the next round has fewer contenders.
        await new Promise((r) => setTimeout(r, Math.random() * 100 * (attempt + 1)))
      }
    }
  }
  return boss
}

/** pg-boss's own schema, where every queue of the app lives. */
export const QUEUE_SCHEMA = 'pgboss'

/**
 * What every queue of the app shares, whichever process holds it: pg-boss's own schema, and how soon a
 * scheduled tick is queued. pg-boss checks its schedules every 30 s by default and picks up what it
 * queued every 5 s, so a 10:15 tick could start at 10:15:35; checked every 5 s (one single-row update
 * and a read of a dozen schedules, fleet-wide, since the check is debounced in the database) and picked
 * up every 2 s, as the app's own workers poll, it starts within 7 s of its time.
 */
const SHARED_OPTIONS = { schema: QUEUE_SCHEMA, cronMonitorIntervalSeconds: 5, cronWorkerIntervalSeconds: 2 }

/** A queue on PostgreSQL through a small pool of its own, named in pg_stat_activity. */
const ownPool = (databaseUrl: string, max: number, application_name: string) => ({
  ...SHARED_OPTIONS,
  connectionString: databaseUrl,
  max,
  application_name,
})

export function createQueue(database: Database, databaseUrl: string | undefined): PgBoss {
  if (database.kind === 'postgres' && databaseUrl)
    return retryingDeadlocks(new PgBoss(ownPool(databaseUrl, 4, 'loyalty-jobs')))
  // Its own schema, as the owner that creates it (db/tenant-context.ts).
  return retryingDeadlocks(
    new PgBoss({
      ...SHARED_OPTIONS,
      db: { executeSql: (text, values) => runAs(OWNER, () => database.raw(text, values)) },
    }),
  )
}

/**
 * A queue that only sends (a web process of a fleet): no workers, no maintenance, no cron, which the
 * worker processes run. It makes the queues it sends to, as the workers do, whichever starts first.
 */
export async function senderQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = retryingDeadlocks(
    new PgBoss({ ...ownPool(databaseUrl, 2, 'loyalty-jobs-sender'), supervise: false, schedule: false }),
  )
  await boss.start()
  for (const options of [dispatchQueueOptions, importQueueOptions, webhooksDeliverQueueOptions])
    await boss.createQueue(options.name, options)
  return boss
}
