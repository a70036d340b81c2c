import type { Database } from '../db/client'

export type Health = { status: 'ok'; database: 'pglite' | 'postgres' }

/** Answers only when the database answers a query. */
export async function healthStatus(database: Database): Promise<Health> {
  await database.raw('select 1')
  return { status: 'ok', database: database.kind }
}
