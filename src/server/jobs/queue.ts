// The background job queue: pg-boss on the same database as the app. On PostgreSQL it has its own
// small pool; on PGlite (one process, one connection) it runs its SQL through the app's handle.
import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { OWNER, runAs } from '../db/tenant-context'

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
