// Clients, the points ledger, loyalty cards, offers and coupons, and the client-list counters.
import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

import { createdAt, franchiseKey, franchises, stores, updatedAt, users } from './tables-core'

// ——— Clients and the points ledger (clients issue) ———

/**
 * A client of one franchise, with the visit and sale aggregates filters need, updated in the same
 * transaction as each ledger row (its balance is `clientBalances`), so lists and audience counts
 * never scan the ledger.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    /** E.164, normalised with libphonenumber. */
    phone: text('phone'),
    gender: text('gender'),
    birthDate: text('birth_date'),
    postcode: text('postcode'),
    acquiredFrom: text('acquired_from').notNull().default('STORE'),
    /** Last use of the customer app; "has mobile app" = within 6 months. */
    appLastUsedAt: timestamp('app_last_used_at', { withTimezone: true }),
    visitCount: integer('visit_count').notNull().default(0),
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    salesCount: integer('sales_count').notNull().default(0),
    totalSpentCents: bigint('total_spent_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the client was erased at its request (GDPR, services/gdpr.ts): its personal fields are gone,
     * its ledger and aggregates stay so that the franchise's figures do not change.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    // Keys the client list sorts, filters and searches on, kept by the database so that every list
    // query is an index range (see services/client-queries.ts and BENCHMARKS.md).
    /** Last visit, never-visited last: '-infinity' sorts first ascending and last descending. */
    lastVisitKey: timestamp('last_visit_key', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(last_visit_at, '-infinity'::timestamptz)`),
    /** First visit, or creation for a client who never came: the "new customer" boundary. */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(first_visit_at, created_at)`),
    /** Average basket in cents, -1 without sales (so those sort first ascending). */
    averageBasketKey: bigint('average_basket_key', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`case when sales_count > 0 then total_spent_cents / sales_count else -1 end`),
    /**
     * Distinct weeks (Monday to Sunday, the franchise's local days) with at least one sale, kept by
     * the ledger's trigger (sql/client_visit_days_trigger.sql) from `client_visit_days`.
     */
    salesWeeks: integer('sales_weeks').notNull().default(0),
    /**
     * Weekly average basket in cents: what the client spends in a week in which it buys, i.e. its
     * sales total over its sales weeks (rounded down); -1 without sales, like averageBasketKey.
     */
    weeklyBasketKey: bigint('weekly_basket_key', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`case when sales_weeks > 0 then total_spent_cents / sales_weeks else -1 end`),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('clients_franchise_phone_key').on(t.franchiseId, t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('clients_franchise_email_key')
      .on(t.franchiseId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    // One (franchise, key, id) index per sortable column: a page is an index range in both orders.
    // erased_at last (after the unique id it orders nothing): the list leaves erased clients out, and
    // without it in the index every entry a deep page skips cost a visit to its row (migration 0059).
    index('clients_list_last_visit_idx').on(t.franchiseId, t.lastVisitKey, t.id, t.erasedAt),
    index('clients_franchise_created_idx').on(t.franchiseId, t.createdAt, t.id, t.erasedAt),
    index('clients_list_first_name_idx').on(t.franchiseId, t.firstName, t.id, t.erasedAt),
    index('clients_list_visits_idx').on(t.franchiseId, t.visitCount, t.id, t.erasedAt),
    index('clients_list_basket_idx').on(t.franchiseId, t.averageBasketKey, t.id, t.erasedAt),
    index('clients_list_acquired_idx').on(t.franchiseId, t.acquiredFrom, t.lastVisitKey, t.id, t.erasedAt),
    index('clients_list_first_seen_idx').on(t.franchiseId, t.firstSeenAt),
    // Erased clients (GDPR): few, read apart so that the kept counters can leave them out (client-counts.ts).
    index('clients_erased_idx').on(t.franchiseId).where(sql`${t.erasedAt} is not null`),
    // Automated marketing (issue 20): a day's birthdays by month and day of birth.
    index('clients_birthday_idx')
      .on(t.franchiseId, sql`substr(${t.birthDate}, 6, 5)`)
      .where(sql`${t.birthDate} is not null`),
    // A typed phone number is searched as an E.164 prefix (LIKE 'prefix%' under any collation).
    index('clients_phone_prefix_idx').on(t.franchiseId, t.phone.op('text_pattern_ops')),
  ],
)

/**
 * The client list's search text (lower-case names, e-mail and phone) and its trigram index, kept apart
 * from `clients` by triggers (sql/client_search_insert.sql, client_search_update.sql): a points move
 * rewrites the client row, and with the trigram index on that row every move re-inserted a few dozen
 * trigram entries.
 */
export const clientSearch = pgTable(
  'client_search',
  {
    clientId: uuid('client_id').notNull(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    franchiseKey('client_search_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.franchiseId] }),
    index('client_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/** Which stores a client has visited (a store owner sees only these clients). */
export const clientStores = pgTable(
  'client_stores',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    storeId: uuid('store_id').notNull(),
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }).notNull().defaultNow(),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    franchiseKey('client_stores_client_fk', t, t.clientId, clients).onDelete('cascade'),
    franchiseKey('client_stores_store_fk', t, t.storeId, stores).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.storeId, t.franchiseId] }),
    index('client_stores_store_idx').on(t.storeId, t.lastVisitAt),
  ],
)

/**
 * A client's balance: points, total collected and offers redeemed, the only values a points move
 * that is not a visit changes (migration 0018). Kept in this narrow row with its two sort keys, such a
 * move locks and rewrites this row (three index entries) and does not touch the client row and its
 * eleven indexes at all. Created with the client (a statement trigger, sql/client_balances_insert.sql).
 */
export const clientBalances = pgTable(
  'client_balances',
  {
    clientId: uuid('client_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    points: integer('points').notNull().default(0),
    totalCollectedPoints: integer('total_collected_points').notNull().default(0),
    redeemedOffersCount: integer('redeemed_offers_count').notNull().default(0),
  },
  (t) => [
    franchiseKey('client_balances_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.franchiseId] }),
    index('client_balances_points_idx').on(t.franchiseId, t.points, t.clientId),
    index('client_balances_collected_idx').on(t.franchiseId, t.totalCollectedPoints, t.clientId),
  ],
)

/**
 * The append-only points ledger: rows are inserted, never updated or deleted (but with their client).
 * The store, author and admin of a row are facts of its history: no foreign key rewrites them when a
 * store goes (and a key on those few, shared rows would lock them from every concurrent move).
 */
export const pointsTransactions = pgTable(
  'points_transactions',
  {
    /**
     * Time-ordered (UUID version 7, sql/uuid_v7.sql): a new row's key goes at the end of the primary
     * key's index instead of a random page of it.
     */
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    franchiseId: uuid('franchise_id').notNull(),
    /** Its key names the balance row (deleted with the client): the one a move has locked already. */
    clientId: uuid('client_id').notNull(),
    storeId: uuid('store_id'),
    /** tag | redeem | credit | debit | sync | migration | emarketing | game | expiry */
    type: text('type').notNull(),
    /** Signed: earned points positive, spent points negative. */
    points: integer('points').notNull(),
    amountCents: integer('amount_cents'),
    currencyCode: text('currency_code'),
    /** The offer or coupon a redeem used. */
    reference: text('reference'),
    authorId: uuid('author_id'),
    impostorOf: uuid('impostor_of'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    foreignKey({
      name: 'points_transactions_balance_fk',
      columns: [t.franchiseId, t.clientId],
      foreignColumns: [clientBalances.franchiseId, clientBalances.clientId],
    }).onDelete('cascade'),
    index('points_tx_client_idx').on(t.clientId, t.createdAt),
    index('points_tx_franchise_idx').on(t.franchiseId, t.createdAt),
    // Points expiry (tables-expiry.ts): one expiry row per client and day, whatever reruns do.
    uniqueIndex('points_tx_expiry_key').on(t.reference, t.franchiseId).where(sql`${t.type} = 'expiry'`),
  ],
)

/** Idempotency keys of requests that move points or money: the first answer is replayed (24 h+). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** Keys are per caller: two users may use the same key. */
    userId: uuid('user_id').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Rows come in time order and are purged by age: a block-range index serves the purge, and
    // costs a move nothing like a B-tree entry (migration 0018).
    index('idempotency_created_brin').using('brin', t.createdAt),
  ],
)

export const loyaltyModels = pgTable(
  'loyalty_models',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image'),
    loyaltyType: text('loyalty_type').notNull(),
    /** Points per visit (passage types), per whole currency unit (amount types) or per product. */
    earnRate: integer('earn_rate').notNull().default(1),
    /** POS_PRODUCTS: the point-of-sale products that earn (empty: every product). */
    posProductIds: jsonb('pos_product_ids').$type<string[]>().notNull().default([]),
    // maxPoints, hasMaxPointsEnabled and the minimum time between visits are the franchise's columns
    // (max_points, has_max_points_enabled, tag_scan_interval): the ledger enforces them from there.
    storeIds: jsonb('store_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('loyalty_models_franchise_key').on(t.franchiseId),
  ],
)

export const loyaltyOffers = pgTable(
  'loyalty_offers',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    loyaltyModelId: uuid('loyalty_model_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image'),
    redeemPointAmount: integer('redeem_point_amount').notNull(),
    /** FLAT | PERCENTAGE | PRODUCT */
    type: text('type').notNull(),
    value: integer('value'),
    currencyCode: text('currency_code'),
    posProductIds: jsonb('pos_product_ids').$type<string[]>(),
    productPriority: text('product_priority'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status').notNull().default('ACTIVE'),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    lastRedeemedAt: timestamp('last_redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('loyalty_offers_model_fk', t, t.loyaltyModelId, loyaltyModels).onDelete('cascade'),
    index('loyalty_offers_franchise_idx').on(t.franchiseId, t.redeemPointAmount),
  ],
)

/** Coupons given to a client (campaigns, games, automations); expired is derived from expiresAt. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    storeId: uuid('store_id'),
    /** flat | percentage | product */
    type: text('type').notNull(),
    value: integer('value'),
    currencyCode: text('currency_code'),
    header: text('header').notNull(),
    productDescription: text('product_description'),
    termsOfUse: text('terms_of_use'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedStoreId: uuid('claimed_store_id'),
    /** The campaign that issued it (campaign-coupons.ts): one per recipient, whatever the retries. */
    campaignId: uuid('campaign_id'),
    /**
     * The short code the customer gives at the counter (issue 34, src/domain/coupons.ts): drawn by
     * the database (sql/coupon_code.sql) on every insert, whichever service issues the coupon.
     */
    code: text('code').notNull().default(sql`coupon_code()`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('coupons_client_fk', t, t.clientId, clients).onDelete('cascade'),
    // No action: a delete of the store clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('coupons_store_fk', t, t.storeId, stores),
    // No action: a delete of the store clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('coupons_claimed_store_fk', t, t.claimedStoreId, stores),
    index('coupons_client_idx').on(t.clientId, t.expiresAt),
    uniqueIndex('coupons_campaign_client_key').on(t.campaignId, t.clientId, t.franchiseId),
    uniqueIndex('coupons_franchise_code_key').on(t.franchiseId, t.code),
  ],
)

/**
 * Client-list totals without counting a million rows: clients per franchise, acquisition source and
 * UTC day of their last sighting (kind 'L': last visit, or creation when they never came) and of
 * their first (kind 'F'). Kept exact by statement triggers on `clients`
 * (sql/clients_counts_trigger.sql), so a total is a sum over a few hundred rows plus an index count of
 * one boundary day.
 */
export const clientDayCounts = pgTable(
  'client_day_counts',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    acquiredFrom: text('acquired_from').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.kind, t.acquiredFrom, t.day] })],
)

/** Clients who visited each store, kept by statement triggers on `client_stores`. */
export const storeClientCounts = pgTable(
  'store_client_counts',
  {
    storeId: uuid('store_id').notNull(),
    /** The store's franchise (migration 0053): the row's tenant and its Citus distribution column. */
    franchiseId: uuid('franchise_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.franchiseId] }),
    franchiseKey('store_client_counts_store_fk', t, t.storeId, stores).onDelete('cascade'),
  ],
)

/**
 * A store's clients by the day of their last and first sighting (migration 0054): `kind` 'L' (last
 * visit, or creation for a client who never came) and 'F' (first visit, or creation), the keys of
 * client_day_counts without the source, per store. Written only by inserts of +n/−n rows, in the
 * transaction of the rows counted (sql/client_stores_counts_trigger.sql and its neighbours): a counter
 * row that every visit of the day updated would be a hot row, and a visit updates the counters of each
 * of its client's stores, so two visits could lock two stores' rows in opposite orders. A store's count
 * is the sum of its rows; the hourly housekeeping folds them into one row per key
 * (compactStoreDayCounts), and removes those of a deleted store. No foreign key to the store: a visit
 * elsewhere writes this store's rows too, and would wait for, then fail on, the store's deletion.
 */
export const storeDayCounts = pgTable(
  'store_day_counts',
  {
    /** A row's own key: rows of one store and day are appended, so none is unique by its values. */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    franchiseId: uuid('franchise_id').notNull(),
    storeId: uuid('store_id').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.franchiseId, t.id] }),
    // A count is a range of this index, read without the table (n is in the key, and the franchise
    // that row-level security checks).
    index('store_day_counts_idx').on(t.franchiseId, t.storeId, t.kind, t.day, t.n),
  ],
)

/** A client's opinion of a store (rating 1–5 and a comment), and the store's reply (SPEC §3). */
export const storeOpinions = pgTable(
  'store_opinions',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    /** The client who left it, when known (the public scan page knows it). */
    clientId: uuid('client_id'),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    franchiseKey('store_opinions_store_fk', t, t.storeId, stores).onDelete('cascade'),
    // No action: a delete of the client clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('store_opinions_client_fk', t, t.clientId, clients),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('store_opinions_store_idx').on(t.storeId, t.createdAt),
    index('store_opinions_franchise_idx').on(t.franchiseId, t.createdAt),
  ],
)
