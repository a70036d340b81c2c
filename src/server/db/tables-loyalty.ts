// NFC/QR tags and the points waiting on them, and the point-of-sale integration (loyalty issue).
import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { clients, pointsTransactions } from './tables-clients'
import { createdAt, franchiseKey, franchises, stores, updatedAt, users } from './tables-core'

/**
 * A tag a store puts on its counter (an NFC chip and the QR code printed or shown beside it). `tagUid`
 * is the public identifier a customer's phone reads: the scan page's address carries it. It is random
 * (never derived from a name): knowing a store is not knowing its tag's address.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    tagUid: text('tag_uid').notNull(),
    /**
     * The key of the tag's presence codes (issue 16 #5: HMAC of the tag and a 30-second window), never
     * sent anywhere: 64 random hex characters, drawn by the database for every new tag.
     */
    presenceSecret: text('presence_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    name: text('name').notNull(),
    /** Scans that credited points (SPEC §3 NFC data: passages). */
    passages: integer('passages').notNull().default(0),
    /** Seconds injected points stay collectable on the tag. */
    resetDelaySeconds: integer('reset_delay_seconds').notNull().default(180),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('tags_store_fk', t, t.storeId, stores).onDelete('cascade'),
    uniqueIndex('tags_uid_key').on(t.tagUid),
    index('tags_store_idx').on(t.franchiseId, t.storeId),
  ],
)

/**
 * Points a store put on a tag for one sale (MANUAL_AMOUNT cards): collectable once, until
 * `expiresAt`, unless reset. Collection is a conditional update on `collected_at is null`, so two
 * customers racing for one injection cannot both get it.
 */
export const tagInjections = pgTable(
  'tag_injections',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currencyCode: text('currency_code').notNull(),
    points: integer('points').notNull(),
    injectedAt: timestamp('injected_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    injectedBy: uuid('injected_by').references(() => users.id, { onDelete: 'set null' }),
    impostorOf: uuid('impostor_of').references(() => users.id, { onDelete: 'set null' }),
    resetAt: timestamp('reset_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    collectedClientId: uuid('collected_client_id'),
    transactionId: uuid('transaction_id'),
  },
  (t) => [
    franchiseKey('tag_injections_store_fk', t, t.storeId, stores).onDelete('cascade'),
    franchiseKey('tag_injections_tag_fk', t, t.tagId, tags).onDelete('cascade'),
    // No action: a delete of the client clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('tag_injections_collected_client_fk', t, t.collectedClientId, clients),
    // No action: a delete of the transaction clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('tag_injections_transaction_fk', t, t.transactionId, pointsTransactions),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('tag_injections_tag_idx').on(t.tagId, t.injectedAt),
    // The open injection of a tag (at most one is kept open by the service).
    index('tag_injections_open_idx')
      .on(t.tagId)
      .where(sql`${t.collectedAt} is null and ${t.resetAt} is null`),
  ],
)

/** A store's account with its point-of-sale provider (SPEC §3 POS merchant account). */
export const posMerchantAccounts = pgTable(
  'pos_merchant_accounts',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    /** The provider (e.g. LOCAL for the built-in webhook, or a provider's name). */
    type: text('type').notNull(),
    providerStoreId: text('provider_store_id').notNull(),
    /** specificPosData.posType: the till software. */
    posType: text('pos_type'),
    canSync: boolean('can_sync').notNull().default(true),
    canManageCurrentSale: boolean('can_manage_current_sale').notNull().default(false),
    canRedeemLoyaltyOffer: boolean('can_redeem_loyalty_offer').notNull().default(false),
    hasClickAndCollect: boolean('has_click_and_collect').notNull().default(false),
    /** Seconds a current sale stays on the tag. */
    resetDelay: integer('reset_delay').notNull().default(180),
    /** Seconds after an order during which its receipt can be linked on the scan page. */
    linkReceiptDelay: integer('link_receipt_delay').notNull().default(86_400),
    /** Seconds after which received orders are deleted (0 = kept). */
    receiptDeletionDelay: integer('receipt_deletion_delay').notNull().default(0),
    /** Shared secret the point of sale signs its webhook calls with (HMAC-SHA256). */
    webhookSecret: text('webhook_secret').notNull(),
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    franchiseKey('pos_merchant_accounts_store_fk', t, t.storeId, stores).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('pos_accounts_store_key').on(t.storeId, t.franchiseId),
    index('pos_accounts_franchise_idx').on(t.franchiseId),
  ],
)

/** The products a point of sale reported for a store (for PRODUCT offers and POS_PRODUCTS cards). */
export const posProducts = pgTable(
  'pos_products',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    providerProductId: text('provider_product_id').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    currencyCode: text('currency_code').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    franchiseKey('pos_products_store_fk', t, t.storeId, stores).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('pos_products_store_key').on(t.storeId, t.providerProductId, t.franchiseId),
  ],
)

export type PosOrderLine = { productId: string; name: string; quantity: number; unitPriceCents: number }

/**
 * An order (receipt) a point of sale posted through the webhook. A customer links it once on the
 * scan page, within the account's linkReceiptDelay (conditional update on `linked_at is null`).
 */
export const posOrders = pgTable(
  'pos_orders',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    posAccountId: uuid('pos_account_id').notNull(),
    /** The receipt id printed by the till. */
    providerOrderId: text('provider_order_id').notNull(),
    lines: jsonb('lines').$type<PosOrderLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    currencyCode: text('currency_code').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    linkedClientId: uuid('linked_client_id'),
    transactionId: uuid('transaction_id'),
  },
  (t) => [
    franchiseKey('pos_orders_store_fk', t, t.storeId, stores).onDelete('cascade'),
    // No action: a delete of the client clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('pos_orders_linked_client_fk', t, t.linkedClientId, clients),
    // No action: a delete of the transaction clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('pos_orders_transaction_fk', t, t.transactionId, pointsTransactions),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('pos_orders_account_fk', t, t.posAccountId, posMerchantAccounts).onDelete('cascade'),
    uniqueIndex('pos_orders_store_key').on(t.storeId, t.providerOrderId, t.franchiseId),
    index('pos_orders_recent_idx').on(t.storeId, t.orderedAt),
  ],
)
