// How the schema would spread over a Citus cluster (issue 37 §4; docs/citus.md). Every table with a
// franchise_id column is distributed by it, co-located with `franchises`, which is distributed by its
// own id: a franchise's rows, whatever their table, live on one node, so a tenant's statement (always
// scoped by its franchise) runs on one shard, and joins and foreign keys stay within that node.
// The other tables are declared here, each with why: reference tables are copied whole to every node
// (small, read by distributed rows, rarely written); local tables stay on the coordinator (process-wide
// state keyed by something other than a franchise, never joined with a tenant's rows).
// tests/server/citus-ready.test.ts reads the catalogue and holds the schema to these lists.

export const DISTRIBUTION_COLUMN = 'franchise_id'

/** The distributed root: its id is the franchise_id of every other distributed table. */
export const ROOT_TABLE = { table: 'franchises', column: 'id' } as const

/** Copied to every node: a distributed row may point at them. */
export const REFERENCE_TABLES: Record<string, string> = {
  categories: 'the store categories, a fixed list every store points at',
  postcode_locations:
    'postcode → coordinates of each country, read by analytics and audience of every franchise',
  users:
    'accounts are not a franchise’s (staff reach all, an owner may hold several franchises); franchises, stores, ' +
    'campaigns... point at their author, and a distributed row may only point at a reference table',
}

/** Kept on the coordinator: process-wide, keyed by a user, a token or a provider, never by a franchise. */
export const LOCAL_TABLES: Record<string, string> = {
  access_tokens: 'sessions, looked up by token hash on every request before any franchise is known',
  download_tickets: 'one-use download tickets of a session (access_tokens)',
  password_resets: 'a user’s reset links, by token hash',
  sign_up_confirmations: 'sign-up links, by token hash, before any user or franchise exists',
  rate_limits: 'counters keyed by caller or address, shared by every process',
  idempotency_keys: 'replayed answers keyed by (user, key), read before the request names its franchise',
  checkout_sessions: 'a user’s payment sessions (subscriptions are per user)',
  subscriptions: 'a user’s subscription to the product, not a franchise’s row',
  stripe_events: 'Stripe event ids seen, so that a webhook is applied once',
  analytics_watermarks: 'how far each roll-up job has read, one row per job',
  sms_early_receipts:
    'a provider’s receipt that came before its message id was written: it names only the provider’s id',
  phone_codes:
    'codes sent to a phone for a landing page or a game (scope_id is either), looked up by that scope and phone',
}

/** Whole schemas kept on the coordinator. */
export const LOCAL_SCHEMAS: Record<string, string> = {
  pgboss: 'the job queue (pg-boss): its leases and schedules are process-wide',
  drizzle: 'the record of applied migrations and sql/ files',
}
