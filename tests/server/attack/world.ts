// The attack suite's world: the app on the full demo data, the callers (one per tenant and role), the
// resources of each tenant the routes' ids are filled with, and a digest of the data to prove a
// request changed nothing.
import type { FastifyInstance } from 'fastify'
import { bearer, loginAs, type StartOptions, startTestApp, type TestApp } from '../../support/app'
import type { DbKind } from '../../support/database'

/** What a route's id parameters name. */
export const KINDS = [
  'franchise',
  'store',
  'client',
  'owner',
  'storeOwner',
  'tag',
  'tagUid',
  'offer',
  'loyaltyModel',
  'opinion',
  'posAccount',
  'posOrder',
  'coupon',
  'couponCode',
  'campaign',
  'news',
  'game',
  'emarketing',
  'emarketingLink',
  'automation',
  'webhook',
  'import',
] as const
export type Kind = (typeof KINDS)[number]
/** A tenant's resources; undefined: the caller's own (not a cross-tenant target for it). */
export type Resources = Record<Kind, string | undefined>

export type Attacker = {
  name: string
  /** Its headers (no token, a bad token, or a demo account's). */
  headers: Record<string, string>
  /** Its effective role: null without one (an unpaid owner), undefined when signed out. */
  role: string | null | undefined
  /** The resources it must not reach, and values of them that must not show in its answers. */
  target: Resources
  foreign: string[]
}

export type World = TestApp & {
  /** Maison Dupont's resources, which its owner may use (the fuzz fills routes with them). */
  own: Resources
  owner: Record<string, string>
  admin: Record<string, string>
  attackers: Attacker[]
  digest(): Promise<string>
}

const one = async (t: TestApp, sql: string, params: unknown[] = []) => {
  const { rows } = await t.database.raw(sql, params)
  return rows[0] as Record<string, string> | undefined
}

/**
 * The resources of a franchise, `storeName`'s store first. `strict`: that store's only (a store owner's
 * targets, where another store's resource would be the caller's own).
 */
async function resourcesOf(
  t: TestApp,
  franchise: string,
  storeName: string,
  strict: boolean,
): Promise<Resources> {
  const f = await one(t, 'select id, user_id from franchises where name = $1', [franchise])
  if (!f) throw new Error(`no franchise ${franchise}`)
  // A store owner's targets: another store of its franchise, and clients only that store knows.
  const s = await one(t, `select id from stores where franchise_id = $1 and name like $2 || '%' limit 1`, [
    f.id,
    storeName,
  ])
  const storeId = s!.id
  const inStore = `exists (select 1 from client_stores cs where cs.client_id = c.id and cs.store_id = '${storeId}')
    and not exists (select 1 from client_stores cs where cs.client_id = c.id and cs.store_id <> '${storeId}')`
  const client = await one(t, `select c.id from clients c where c.franchise_id = $1 and ${inStore} limit 1`, [
    f.id,
  ])
  const coupon = await one(
    t,
    `select k.id, k.code from coupons k join clients c on c.id = k.client_id where k.franchise_id = $1 and ${inStore} limit 1`,
    [f.id],
  )
  const id = async (sql: string) => (await one(t, sql, [f.id]))?.id
  // A store-level resource: the store's own, else (not strict) another store's of the franchise.
  const atStore = (table: string, columns = 'id') =>
    one(
      t,
      `select ${columns} from ${table} where franchise_id = $1 ${strict ? 'and store_id = $2' : ''}
       order by (store_id = $2) desc limit 1`,
      [f.id, storeId],
    )
  const tag = await atStore('tags', 'id, tag_uid')
  const page = await one(t, 'select id, link from emarketings where franchise_id = $1', [f.id])
  return {
    franchise: f.id,
    store: storeId,
    client: client?.id,
    owner: f.user_id,
    storeOwner: await id('select user_id as id from store_owners where franchise_id = $1 limit 1'),
    tag: tag?.id,
    tagUid: tag?.tag_uid,
    offer: await id('select id from loyalty_offers where franchise_id = $1 limit 1'),
    loyaltyModel: await id('select id from loyalty_models where franchise_id = $1'),
    opinion: (await atStore('store_opinions'))?.id,
    posAccount: (await atStore('pos_merchant_accounts'))?.id,
    posOrder: (await atStore('pos_orders'))?.id,
    coupon: coupon?.id,
    couponCode: coupon?.code,
    // The campaign aimed at this store (a store owner of another store must not reach it).
    campaign: (
      await one(t, `select id from campaigns where franchise_id = $1 and filters->'storeIds' ? $2 limit 1`, [
        f.id,
        storeId,
      ])
    )?.id,
    // A store's own news item (a store owner's target: Lyon's happy hour), else any of the franchise.
    news: (
      await one(
        t,
        `select id from news where franchise_id = $1 ${strict ? 'and $2 = any(store_ids)' : ''}
         order by ($2 = any(store_ids)) desc limit 1`,
        [f.id, storeId],
      )
    )?.id,
    // A game of this store (issue 22), else any of the franchise.
    game: (
      await one(
        t,
        `select g.id from games g where g.franchise_id = $1 ${strict ? 'and exists (select 1 from game_stores s where s.game_id = g.id and s.store_id = $2)' : ''}
         order by exists (select 1 from game_stores s where s.game_id = g.id and s.store_id = $2) desc limit 1`,
        [f.id, storeId],
      )
    )?.id,
    emarketing: page?.id,
    emarketingLink: page?.link,
    // The franchise's birthday automation (franchise-wide: a store owner never reaches it).
    automation: await id(`select id from automated_marketings where franchise_id = $1 and type = 'BIRTHDAY'`),
    webhook: await id('select id from webhook_endpoints where franchise_id = $1 limit 1'),
    import: await id('select id from client_imports where franchise_id = $1 limit 1'),
  }
}

/** Values naming the target's data (never the ids the caller sent itself). */
async function foreignValues(t: TestApp, r: Resources, extra: string[]): Promise<string[]> {
  const c = r.client
    ? await one(t, 'select first_name, last_name, email, phone from clients where id = $1', [r.client])
    : undefined
  return [...extra, c?.email, c?.phone, c && `${c.first_name} ${c.last_name}`].filter(
    (v): v is string => typeof v === 'string' && v.trim().length > 3,
  )
}

// Rows a request may add without changing anyone's data: tokens, limits, logs, queues.
const VOLATILE = [
  'access_tokens',
  'rate_limits',
  'audit_log',
  'idempotency_keys',
  'outbox',
  'password_resets',
]

/** A sent campaign of a franchise aimed at one of its stores (the demo data has none). */
async function addCampaign(t: TestApp, franchise: string, storeName: string) {
  await t.database.raw(
    `insert into campaigns (franchise_id, user_id, name, type, content, channel, state, message, filters, dispatch, is_scheduled, start_at)
     select f.id, f.user_id, 'Soldes', 'MANUAL_CAMPAIGN', 'NEWS', 'PUSH', 'VALID', 'Soldes -20%',
       jsonb_build_object('storeIds', jsonb_build_array(s.id)), 'SENT', false, now()
     from franchises f join stores s on s.franchise_id = f.id and s.name like $2 || '%'
     where f.name = $1 limit 1`,
    [franchise, storeName],
  )
}

/** A gift wheel of a franchise at one of its stores, with one reward (the demo data has none). */
async function addGame(t: TestApp, franchise: string, storeName: string) {
  await t.database.raw(
    `with g as (insert into games (franchise_id, user_id, name, action, start_date)
       select id, user_id, 'Roue', 'STORE_OPENING', '2026-01-01' from franchises where name = $1 returning id, franchise_id)
     , s as (insert into game_stores (game_id, franchise_id, store_id)
       select g.id, g.franchise_id, st.id from g join stores st on st.franchise_id = g.franchise_id and st.name like $2 || '%' limit 1)
     insert into game_rewards (game_id, franchise_id, name, type, points, weight_units)
       select id, franchise_id, 'Café', 'POINTS', 10, 5000 from g`,
    [franchise, storeName],
  )
}

/** A webhook endpoint of the franchise (issue 23; the demo data has none). */
async function addWebhook(t: TestApp, franchise: string) {
  await t.database.raw(
    `insert into webhook_endpoints (franchise_id, url, events, secret)
     select id, 'https://hooks.example.com/loyalty', array['campaign.finished'], 'whsec_' || md5(id::text) from franchises where name = $1`,
    [franchise],
  )
}

/** The franchise's e-marketing page (the demo data has none). */
async function addEmarketing(t: TestApp, franchise: string, link: string) {
  await t.database.raw(
    `insert into emarketings (franchise_id, link, primary_color, secondary_color, tertiary_color, registration_points)
     select id, $2, '#1e3a8a', '#f59e0b', '#f8fafc', 20 from franchises where name = $1`,
    [franchise, link],
  )
}

/** An uploaded client import of a franchise, not yet run (issue 23). */
async function addImport(t: TestApp, franchise: string) {
  await t.database.raw(
    `with i as (insert into client_imports (franchise_id, author_id, file_name, encoding, delimiter, headers, total_rows)
       select id, user_id, 'clients.csv', 'utf-8', ',', '["first_name","phone"]', 1 from franchises where name = $1
       returning id, franchise_id)
     insert into client_import_chunks (import_id, franchise_id, seq, text)
       select id, franchise_id, 0, E'first_name,phone\\nAna,0712340001\\n' from i`,
    [franchise],
  )
}

/** `db`: the database's options (the tenant boundary's statement recorder). */
export async function startWorld(kind: DbKind, db?: StartOptions['db']): Promise<World> {
  const t = await startTestApp(kind, {
    ...(db ? { db } : {}),
    demo: true,
    config: {
      jobs: false,
      // The fuzz sends many logins from one address: the limits are the auth tests' concern.
      loginLimits: { perEmail: { max: 1e6, windowSeconds: 60 }, perAddress: { max: 1e6, windowSeconds: 60 } },
      signUpLimits: {
        perEmail: { max: 1e6, windowSeconds: 60 },
        perAddress: { max: 1e6, windowSeconds: 60 },
      },
    },
  })
  await addCampaign(t, 'Maison Dupont', 'Maison Dupont — Lyon')
  await addGame(t, 'Maison Dupont', 'Maison Dupont — Lyon')
  await addEmarketing(t, 'Maison Dupont', 'maison-dupont')
  await addWebhook(t, 'Maison Dupont')
  await addImport(t, 'Maison Dupont')
  // Every franchise's three automations exist (as after its first list), so that a list adds nothing.
  await t.database.raw(
    `insert into automated_marketings (franchise_id, user_id, type, title, name, message)
     select f.id, f.user_id, t.type, t.type, t.type, 'Hello' from franchises f
     cross join (values ('BIRTHDAY'), ('LOST_CUSTOMER'), ('NEW_CUSTOMER')) t(type)`,
  )
  const app: FastifyInstance = t.app
  const login = async (email: string) => bearer(await loginAs(app, email))
  const dupont = await resourcesOf(t, 'Maison Dupont', 'Maison Dupont — Lyon', false)
  // The store owner of Paris Marais: Lyon's store-level resources are foreign, the franchise's its own.
  const lyon: Resources = {
    ...(await resourcesOf(t, 'Maison Dupont', 'Maison Dupont — Lyon', true)),
    franchise: undefined,
    owner: dupont.owner,
    storeOwner: undefined,
    offer: undefined,
    loyaltyModel: undefined,
  }
  const foreign = await foreignValues(t, dupont, ['Maison Dupont', 'owner@demo.test', 'store@demo.test'])
  const storeForeign = await foreignValues(t, lyon, [])
  const { rows } = await t.database.raw(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  )
  const tables = rows.map((r) => String(r.tablename)).filter((n) => !VOLATILE.includes(n))
  const signedIn = async (
    name: string,
    email: string,
    role: string | null,
    target = dupont,
    values = foreign,
  ) => ({
    name,
    headers: await login(email),
    role,
    target,
    foreign: values,
  })
  return {
    ...t,
    own: dupont,
    owner: await login('owner@demo.test'),
    admin: await login('admin@demo.test'),
    attackers: [
      await signedIn("other franchise's owner", 'bagels@demo.test', 'FRANCHISE_OWNER'),
      await signedIn('store owner of another store', 'store@demo.test', 'STORE_OWNER', lyon, storeForeign),
      await signedIn('registered', 'registered@demo.test', 'REGISTERED'),
      await signedIn('unpaid', 'unpaid@demo.test', null),
      await signedIn('admin', 'admin@demo.test', 'LB_SALE'),
      { name: 'no token', headers: {}, role: undefined, target: dupont, foreign },
      { name: 'bad token', headers: bearer('not-a-token'), role: undefined, target: dupont, foreign },
    ],
    async digest() {
      // Per table, its row count and the sum of its rows' xmin (the id of the transaction that wrote each
      // row version): a row added, removed or written again changes it, in any order. Only committed
      // writes show, as in the data. Hashing every row's text (hashtext(t::text)) took 35 s of the server
      // tests' PGlite time a run, most of it in the demo's ledger (issue 36 §6). Stricter than the text:
      // a row written again with the same values counts as a change, and no refused call may do that either.
      const { rows } = await t.database.raw(
        `select ${tables
          .map((name) => `(select count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) from "${name}")`)
          .join(` || ',' || `)} as h`,
      )
      const parts = String(rows[0]?.h).split(',')
      return tables.map((name, i) => `${name}:${parts[i]}`).join(',')
    },
  }
}

/** Which tables differ between two digests. */
export const changedTables = (a: string, b: string) => {
  const before = new Set(a.split(','))
  return b
    .split(',')
    .filter((p) => !before.has(p))
    .map((p) => p.split(':')[0])
}
