// The gift wheel (issue 22, SPEC §3 Game): a game, its stores (each with its Google review link), its
// rewards (weights in hundredths of a per cent) and its participants, one per client and game — the
// unique key that makes a spin happen once whatever the retries and races.
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { GameCouponInput } from '../../domain/games'
import { clients, coupons } from './tables-clients'
import { createdAt, franchiseKey, franchises, stores, updatedAt, users } from './tables-core'

export const games = pgTable(
  'games',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    /** Who created it (§3 merchantId; §5 "game creation needs a user id"). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** WHEEL */
    type: text('type').notNull().default('WHEEL'),
    /** GOOGLE | INSTAGRAM | FACEBOOK | STORE_OPENING */
    action: text('action').notNull(),
    actionUrl: text('action_url'),
    /** The franchise's local days, both included; no end: runs until disabled. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    canLoose: boolean('can_loose').notNull().default(true),
    onlyNewClients: boolean('only_new_clients').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('games_franchise_created_idx').on(t.franchiseId, t.createdAt),
  ],
)

export const gameStores = pgTable(
  'game_stores',
  {
    gameId: uuid('game_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    storeId: uuid('store_id').notNull(),
    googleLink: text('google_link'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    franchiseKey('game_stores_store_fk', t, t.storeId, stores).onDelete('cascade'),
    primaryKey({ columns: [t.gameId, t.storeId, t.franchiseId] }),
    franchiseKey('game_stores_game_fk', t, t.gameId, games).onDelete('cascade'),
    index('game_stores_store_idx').on(t.storeId),
  ],
)

export const gameRewards = pgTable(
  'game_rewards',
  {
    id: uuid('id').notNull().defaultRandom(),
    gameId: uuid('game_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    /** POINTS | COUPON | COUPON_POINTS */
    type: text('type').notNull(),
    points: integer('points'),
    coupon: jsonb('coupon').$type<GameCouponInput>(),
    /** Win probability in hundredths of a per cent (10,000 = 100 %). */
    weightUnits: integer('weight_units').notNull(),
    /** Taken off the wheel by an update; kept for the won counts of past plays. */
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('game_rewards_game_fk', t, t.gameId, games).onDelete('cascade'),
    index('game_rewards_game_idx').on(t.gameId, t.position),
  ],
)

export const gameParticipants = pgTable(
  'game_participants',
  {
    id: uuid('id').notNull().defaultRandom(),
    gameId: uuid('game_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    clientId: uuid('client_id').notNull(),
    storeId: uuid('store_id'),
    /** Null: the wheel stopped on "lose". */
    rewardId: uuid('reward_id'),
    /** The ledger row of the points won (its reference is this participant's id). */
    transactionId: uuid('transaction_id'),
    couponId: uuid('coupon_id'),
    createdAt: createdAt(),
  },
  (t) => [
    franchiseKey('game_participants_client_fk', t, t.clientId, clients).onDelete('cascade'),
    // No action: a delete of the store clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('game_participants_store_fk', t, t.storeId, stores),
    // No action: a delete of the reward clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('game_participants_reward_fk', t, t.rewardId, gameRewards),
    // No action: a delete of the coupon clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('game_participants_coupon_fk', t, t.couponId, coupons),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('game_participants_game_fk', t, t.gameId, games).onDelete('cascade'),
    uniqueIndex('game_participants_game_client_key').on(t.gameId, t.clientId, t.franchiseId),
    index('game_participants_game_created_idx').on(t.gameId, t.createdAt),
    index('game_participants_reward_idx').on(t.rewardId).where(sql`${t.rewardId} is not null`),
    // A cancelled campaign withdraws its coupons in bulk: each deletion looks its players up here.
    index('game_participants_coupon_idx').on(t.couponId).where(sql`${t.couponId} is not null`),
  ],
)
