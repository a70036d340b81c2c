// The background job queue: pg-boss on the same database as the app. On PostgreSQL it has its own
// small pool; on PGlite (one process, one connection) it runs its SQL through the app's handle.
import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { OWNER, runAs } from '../db/tenant-context'
import { dispatchQueueOptions } from './campaign-queue'
import { importQueueOptions } from './imports'
import { webhooksDeliverQueueOptions } from './webhooks'

export function createQueue(database: Database, databaseUrl: string | undefined): PgBoss {
  const common = { schema: 'pgboss' }
  if (database.kind === 'postgres' && databaseUrl) {
    return new PgBoss({ ...common, connectionString: databaseUrl, max: 4, application_name: 'loyalty-jobs' })
  }
  // Its own schema, as the owner that creates it (db/tenant-context.ts).
  return new PgBoss({
    ...common,
    db: { executeSql: (text, values) => runAs(OWNER, () => database.raw(text, values)) },
  })
}

/**
 * A queue that only sends (a web process of a fleet): no workers, no maintenance, no cron, which the
 * worker processes run. It makes the queues it sends to, as the workers do, whichever starts first.
 */
export async function senderQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({
    schema: 'pgboss',
    connectionString: databaseUrl,
    max: 2,
    application_name: 'loyalty-jobs-sender',
    supervise: false,
    schedule: false,
  })
  await boss.start()
  for (const options of [dispatchQueueOptions, importQueueOptions, webhooksDeliverQueueOptions])
    await boss.createQueue(options.name, options)
  return boss
}
