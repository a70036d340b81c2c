// Accounts, franchises, stores and the platform tables (auth, audit, outbox, payments).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
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
import type { WeekDay } from '../../domain/constants'

/**
 * A key to another row of the same franchise, (franchise_id, column) → (franchise_id, id), as Citus
 * needs between co-located tables (docs/citus.md). Chain `.onDelete('cascade')` where the row goes with
 * its parent; otherwise NO ACTION, and the parent's delete clears the column (Citus refuses SET NULL).
 */
export const franchiseKey = (
  name: string,
  t: { franchiseId: AnyPgColumn },
  column: AnyPgColumn,
  parent: { franchiseId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [t.franchiseId, column], foreignColumns: [parent.franchiseId, parent.id] })

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export type UserSettings = {
  layout?: 'vertical' | 'horizontal'
  theme?: 'light' | 'dark'
  direction?: 'ltr' | 'rtl'
  animations?: boolean
  navbarFolded?: boolean
  language?: 'en' | 'fr'
  startPage?: string
  shortcuts?: string[]
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index makes e-mail the login identifier.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    displayName: text('display_name').notNull().default(''),
    photoUrl: text('photo_url'),
    hasAcceptedCgv: boolean('has_accepted_cgv').notNull().default(false),
    isSubscribedRetailer: boolean('is_subscribed_retailer').notNull().default(false),
    settings: jsonb('settings').$type<UserSettings>().notNull().default({}),
    stripeId: text('stripe_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
)

export const accessTokens = pgTable(
  'access_tokens',
  {
    // SHA-256 of the random token: a leaked table does not leak usable tokens.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set when an admin acts as this user: the admin's id, recorded on every write.
    impostorOf: uuid('impostor_of').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId), index('access_tokens_expires_idx').on(t.expiresAt)],
)

// A download's one-use, one-minute ticket (issue 34): links cannot send the Authorization header, and a
// token in an address stays in proxies' logs, so a link carries this instead. Only the SHA-256 is
// stored; the ticket acts once for its access token (revoking the token ends it), until it expires.
export const downloadTickets = pgTable(
  'download_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenHash: text('token_hash')
      .notNull()
      .references(() => accessTokens.tokenHash, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('download_tickets_expires_idx').on(t.expiresAt),
    // The clean-up deletes expired tokens in bulk: each cascades to its tickets by this column.
    index('download_tickets_token_idx').on(t.tokenHash),
  ],
)

export type FranchiseTheme = { primaryColor: string; secondaryColor: string; tertiaryColor: string }
export type CustomersQualification = {
  lostCustomers: { timeSinceLastVisit: { value: number; unit: 'days' | 'weeks' | 'months' } }
}

export const franchises = pgTable(
  'franchises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    logo: text('logo'),
    description: text('description').notNull().default(''),
    codeAlpha3: text('code_alpha3').notNull(),
    senderId: text('sender_id'),
    timezone: text('timezone').notNull(),
    /** No marketing SMS on Sundays and public holidays (French carriers' rule), on by default. */
    smsQuietDays: boolean('sms_quiet_days').notNull().default(true),
    // The franchise owner (SPEC §3 userId).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    currencyCode: text('currency_code').notNull(),
    isOfficial: boolean('is_official').notNull().default(true),
    averageBasketCents: integer('average_basket_cents').notNull().default(0),
    loyaltyType: text('loyalty_type').notNull().default('PASSAGE'),
    theme: jsonb('theme')
      .$type<FranchiseTheme>()
      .notNull()
      .default({ primaryColor: '#1e3a8a', secondaryColor: '#f59e0b', tertiaryColor: '#f8fafc' }),
    customersQualification: jsonb('customers_qualification')
      .$type<CustomersQualification>()
      .notNull()
      .default({ lostCustomers: { timeSinceLastVisit: { value: 3, unit: 'months' } } }),
    // Minimum seconds between two point-earning visits of one client.
    tagScanInterval: integer('tag_scan_interval').notNull().default(0),
    maxPoints: integer('max_points'),
    hasMaxPointsEnabled: boolean('has_max_points_enabled').notNull().default(false),
    // Static tags (issue 16 #5): visits without the scanner screen's code, capped per phone per day.
    allowStaticTags: boolean('allow_static_tags').notNull().default(false),
    staticTagDailyVisitCap: integer('static_tag_daily_visit_cap').notNull().default(1),
    // §5: news and happy hours running at once, per store (domain/news.ts limitConflicts).
    newsMaxConcurrent: integer('news_max_concurrent').notNull().default(3),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    // The demo franchise (issue 8): no owner, readable (GET only) by every signed-in user, reachable
    // only by its id; never a merchant's franchise.
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    index('franchises_user_idx').on(t.userId),
    index('franchises_demo_idx').on(t.id).where(sql`${t.isDemo}`),
  ],
)

export const franchiseFeatures = pgTable(
  'franchise_features',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.feature] })],
)

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
  iconSource: text('icon_source').notNull(),
  iconName: text('icon_name').notNull(),
})

export type TimeRange = { open: string; close: string }
export type OpeningHours = { hours: Record<WeekDay, TimeRange[]> }
export type StoreSettings = { hasScannerEnabled: boolean; hasFullWebAppEnabled: boolean }

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    clickNCollectLink: text('click_n_collect_link'),
    menuLink: text('menu_link'),
    logo: text('logo'),
    picture: text('picture'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    currencyCode: text('currency_code').notNull(),
    facebookLink: text('facebook_link'),
    instagramLink: text('instagram_link'),
    twitterLink: text('twitter_link'),
    tikTokLink: text('tik_tok_link'),
    googleReviewLink: text('google_review_link'),
    // The user who created the store (SPEC §3 userId).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    providerId: text('provider_id'),
    addressLine1: text('address_line1'),
    addressCity: text('address_city'),
    addressPostcode: text('address_postcode'),
    addressId: text('address_id'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    hasScannerEnabled: boolean('has_scanner_enabled').notNull().default(false),
    hasFullWebAppEnabled: boolean('has_full_web_app_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('stores_franchise_idx').on(t.franchiseId, t.createdAt),
  ],
)

/** Which store owners may act on which stores (a store owner sees only these). */
export const storeOwners = pgTable(
  'store_owners',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    franchiseKey('store_owners_store_fk', t, t.storeId, stores).onDelete('cascade'),
    primaryKey({ columns: [t.storeId, t.userId, t.franchiseId] }),
    index('store_owners_user_idx').on(t.userId),
  ],
)

/** Writes made through an impostor token, and other security-relevant events, per franchise. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    franchiseId: uuid('franchise_id').references(() => franchises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    impostorOf: uuid('impostor_of').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_franchise_idx').on(t.franchiseId, t.createdAt)],
)

/**
 * The outbox of the local adapters: every e-mail, SMS and push the product sends lands here, so that
 * it works offline and the merchant can read what went out. Real providers mark rows as delivered.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    franchiseId: uuid('franchise_id').references(() => franchises.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    provider: text('provider').notNull().default('local'),
    providerMessageId: text('provider_message_id'),
    // Unique per logical message so a retried job never sends twice.
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // E-mail through SMTP or a mail API (services/mail-delivery.ts): QUEUED in the request's
    // transaction, then sent by the mail job, retried with backoff until SENT or FAILED.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    // A notice to someone whose data is erased (GDPR): the address goes once the message is settled.
    forgetRecipient: boolean('forget_recipient').notNull().default(false),
  },
  (t) => [
    index('outbox_franchise_idx').on(t.franchiseId, t.createdAt),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('QUEUED', 'SENDING')`),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // SMS delivery receipts find their message by the provider's id (issue 35 §3).
    index('outbox_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
)

/** Fixed-window counters (login attempts per e-mail and per address), shared by every server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** One-use, expiring password-reset (and invitation) links; only the hash of the secret is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
)

/**
 * Sign-ups waiting for their address to be confirmed (issue 34): the account is created from the mailed
 * one-use link, so a sign-up answers the same whether the e-mail is known or not. Only the hash of the
 * link's secret is kept; the password is kept hashed (argon2id), as an account's.
 */
export const signUpConfirmations = pgTable('sign_up_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Checkout sessions of the local payments adapter (the offline stand-in for the payment provider). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
)
