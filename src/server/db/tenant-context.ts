// Who the database serves, per async call chain: the row-level security of every tenant table
// (sql/tenant_policies.sql) reads it from the connection's settings. The app connects as the schema's
// owner and acts as the role `loyalty_app`, which has no BYPASSRLS: each connection taken from the pool
// (client.ts) is first given the current actor's role and settings, with one round trip and only when
// they differ from what that connection had — most requests of one merchant find them already set.
//
// - a request starts as `public` (the token lookup, and the routes without a token: scan pages, provider
//   callbacks, sign-in, which find their rows by a secret they were given), then the auth plugin makes
//   it the caller's: `tenant` (its franchises: a forgotten scope returns its own rows, never another
//   merchant's) or `staff` (admin roles reach every franchise; the routes' access lists decide where);
// - work outside a request (jobs, start-up, scripts, tests' fixtures) acts as `system`, said as such;
// - `owner` is the schema's owner itself, for the migrations and the job queue's own tables only.
// A connection with the role and no actor sees no tenant row at all.
import { AsyncLocalStorage } from 'node:async_hooks'
import { type SQL, sql } from 'drizzle-orm'

export const APP_ROLE = 'loyalty_app'

export type DbActor =
  | { kind: 'tenant'; userId: string; franchiseIds: readonly string[] }
  | { kind: 'staff' }
  | { kind: 'public' }
  | { kind: 'system' }
  | { kind: 'owner' }

export const SYSTEM: DbActor = { kind: 'system' }
export const OWNER: DbActor = { kind: 'owner' }
export const PUBLIC: DbActor = { kind: 'public' }

type Holder = { actor: DbActor }
const storage = new AsyncLocalStorage<Holder>()

export function currentActor(): DbActor {
  return storage.getStore()?.actor ?? SYSTEM
}

/** Runs `fn` (and everything it starts) as `actor`. */
export function runAs<T>(actor: DbActor, fn: () => T): T {
  return storage.run({ actor }, fn)
}

/**
 * A request's holder: starts `public`; `setRequestActor` changes it once the token is read. Called from
 * a callback hook so that the rest of the request (hooks, handler, reply) runs inside it.
 */
export function runRequest(fn: () => void): void {
  storage.run({ actor: PUBLIC }, fn)
}

export function setRequestActor(actor: DbActor): void {
  const holder = storage.getStore()
  if (holder) holder.actor = actor
}

/** A key that differs whenever the settings below differ. */
export function actorKey(actor: DbActor): string {
  return actor.kind === 'tenant' ? `tenant:${actor.userId}:${actor.franchiseIds.join(',')}` : actor.kind
}

/** One statement that gives a connection the actor's role and settings (session-wide, not local). */
export const SETTINGS_SQL =
  "select set_config('role', $1, false), set_config('app.actor', $2, false), set_config('app.franchises', $3, false), set_config('app.user', $4, false)"

export function settingsOf(actor: DbActor): [string, string, string, string] {
  if (actor.kind === 'owner') return ['none', '', '', '']
  if (actor.kind === 'tenant') return [APP_ROLE, 'tenant', actor.franchiseIds.join(','), actor.userId]
  return [APP_ROLE, actor.kind, '', '']
}

/**
 * Inside a transaction: the tenant reaches `franchiseId` too, until the transaction ends — the
 * franchise it has just created (or found created) with its first store.
 */
export const reachAlso = (franchiseId: string): SQL =>
  sql`select set_config('app.franchises', concat_ws(',', nullif(current_setting('app.franchises', true), ''), ${franchiseId}::text), true)`
