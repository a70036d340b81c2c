import type { Database } from '../db/client'
import type { Lifecycle } from '../lifecycle'

export type Health = { status: 'ok'; database: 'pglite' | 'postgres' }

/** Answers only when the database answers a query. */
export async function healthStatus(database: Database): Promise<Health> {
  await database.raw('select 1')
  return { status: 'ok', database: database.kind }
}

export type Readiness =
  | { ready: true; body: { status: 'ready'; role: Lifecycle['role'] } }
  | { ready: false; body: { status: 'draining' | 'database-unavailable'; role: Lifecycle['role'] } }

/**
 * Whether the process takes new work: not while it drains before a stop, nor while its database does
 * not answer (a balancer then sends the requests to another process instead of failing them here).
 */
export async function readiness(database: Database, lifecycle: Lifecycle): Promise<Readiness> {
  const { role } = lifecycle
  if (lifecycle.draining) return { ready: false, body: { status: 'draining', role } }
  try {
    await database.raw('select 1')
  } catch {
    return { ready: false, body: { status: 'database-unavailable', role } }
  }
  return { ready: true, body: { status: 'ready', role } }
}
