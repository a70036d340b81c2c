// The public play page's calls (issue 22): the game as the customer sees it, and the spin. The server
// draws (crypto.randomInt, never the browser), once per client and game: spins of one phone on one
// game wait for each other (a transaction-scoped advisory lock), the first records the participant
// (unique (game, client)) and applies the reward in the same transaction — points through the ledger
// (type game, referencing the participant), or a coupon — and every later spin, replay or concurrent
// one gets that same result back.
import { randomInt } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import { wonCouponSmsText } from '../../domain/coupons'
import {
  type GameAction,
  gameCodeSmsText,
  gameStatus,
  gameToday,
  hasStarted,
  type PublicGame,
  type RewardType,
  type SpinResult,
  WEIGHT_UNITS,
} from '../../domain/game-wheel'
import { customerLocale, type Locale } from '../../domain/locale'
import { normalisePhone } from '../../domain/phone'
import type { Sms } from '../adapters/sms'
import type { Db, Tx } from '../db/client'
import {
  clients,
  coupons,
  franchises,
  gameParticipants,
  gameRewards,
  gameStores,
  games,
  stores,
} from '../db/schema'
import { AppError, badRequest, conflict } from '../errors'
import { expiryOf } from './campaign-coupons'
import { assertGameFeature, gameNotFound } from './games'
import { applyPoints } from './ledger'
import { assertPhoneProven, confirmPhoneCode, sendPhoneCode } from './phone-codes'
import { hit, type Limit } from './rate-limit'

type Reward = typeof gameRewards.$inferSelect

/**
 * The draw: a uniform whole number below 100 % in hundredths of a per cent, and the reward whose
 * cumulative weight first exceeds it; past the rewards' total, "lose" (null). `pick` is injectable for
 * the statistical test only; the server always uses the cryptographic generator.
 */
export function drawReward<T extends { weightUnits: number }>(
  rewards: readonly T[],
  pick: (max: number) => number = randomInt,
): T | null {
  const r = pick(WEIGHT_UNITS)
  let upTo = 0
  for (const reward of rewards) {
    upTo += reward.weightUnits
    if (r < upTo) return reward
  }
  return null
}

/** Per address: a shop's shared Wi-Fi serves many players; a script is stopped. */
export type GameLimits = { view: Limit; spin: Limit; code: Limit }
export const DEFAULT_GAME_LIMITS: GameLimits = {
  view: { max: 300, windowSeconds: 10 * 60 },
  spin: { max: 60, windowSeconds: 10 * 60 },
  code: { max: 20, windowSeconds: 10 * 60 },
}

export async function limitGame(
  db: Db,
  kind: keyof GameLimits,
  address: string,
  limits = DEFAULT_GAME_LIMITS,
) {
  const wait = await hit(db, `game:${kind}:${address}`, limits[kind])
  if (wait)
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.', { retryAfter: wait })
}

/** The game and its franchise by id, public: unknown is a 404, the GAME feature off a 403. */
export async function publicGameRow(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ game: games, franchise: franchises })
    .from(games)
    .innerJoin(franchises, eq(franchises.id, games.franchiseId))
    .where(eq(games.id, id))
  if (!row) throw gameNotFound()
  await assertGameFeature(db, row.game.franchiseId)
  return row
}

const activeRewards = (db: Db | Tx, game: typeof games.$inferSelect) =>
  db
    .select()
    .from(gameRewards)
    .where(
      and(
        eq(gameRewards.gameId, game.id),
        eq(gameRewards.franchiseId, game.franchiseId),
        eq(gameRewards.isDisabled, false),
      ),
    )
    .orderBy(asc(gameRewards.position), asc(gameRewards.id))

/** GET /api/v2/public/games/:id: the wheel, the action and the stores, nothing about any player. */
export async function publicGame(db: Db, id: string, now = new Date()): Promise<PublicGame> {
  const { game, franchise: f } = await publicGameRow(db, id)
  const today = gameToday(f.timezone, now)
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, googleLink: gameStores.googleLink })
    .from(gameStores)
    .innerJoin(stores, eq(stores.id, gameStores.storeId))
    .where(and(eq(gameStores.gameId, game.id), eq(gameStores.franchiseId, game.franchiseId)))
    .orderBy(asc(gameStores.position))
  const rewards = await activeRewards(db, game)
  return {
    id: game.id,
    name: game.name,
    action: game.action as GameAction,
    actionUrl: game.actionUrl,
    status: gameStatus(game, today),
    hasStarted: hasStarted(game, today),
    startDate: game.startDate,
    endDate: game.endDate,
    onlyNewClients: game.onlyNewClients,
    franchise: { name: f.name, logo: f.logo, codeAlpha3: f.codeAlpha3, theme: f.theme },
    stores: storeRows,
    rewards: rewards.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type as RewardType,
      weight: r.weightUnits / 100,
    })),
  }
}

/** The phone in E.164 for the game's franchise, or a 400 naming `phone`. */
async function gamePhone(db: Db | Tx, gameId: string, phone: string) {
  const row = await publicGameRow(db, gameId)
  const e164 = normalisePhone(phone, phoneCountry(row.franchise.codeAlpha3))
  if (!e164) throw badRequest('INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
  return { ...row, phone: e164 }
}

/** POST /api/v2/public/games/:id/phone-code/confirm: checks the code sent for this game and phone. */
export async function confirmGameCode(db: Db, gameId: string, input: { phone: string; code: string }) {
  const { game, phone } = await gamePhone(db, gameId, input.phone)
  return confirmPhoneCode(db, { purpose: 'game', scopeId: game.id, phone, code: input.code })
}

/** POST /api/v2/public/games/:id/phone-code: the confirmation code, in the page's language. */
export async function sendGameCode(
  db: Db,
  sms: Sms,
  gameId: string,
  input: { phone: string; language?: Locale | undefined },
  now = new Date(),
) {
  const { game, franchise: f, phone } = await gamePhone(db, gameId, input.phone)
  const locale = customerLocale(input.language, f.codeAlpha3)
  return sendPhoneCode(
    db,
    sms,
    {
      purpose: 'game',
      scopeId: game.id,
      phone,
      from: f.senderId,
      franchiseId: f.id,
      text: (code) => gameCodeSmsText(locale, { franchiseName: f.name, gameName: game.name, code }),
    },
    now,
  )
}

export type SpinInput = {
  phone: string
  proof: string
  storeId?: string | undefined
  /** The page's language: the winner's SMS is written in it (else the franchise's). */
  language?: Locale | undefined
}

/** What a participant's row answers (the first spin's result, and every later one's). */
async function resultOf(tx: Tx, participantId: string, replayed: boolean): Promise<SpinResult> {
  const [row] = await tx
    .select({ p: gameParticipants, reward: gameRewards, coupon: coupons })
    .from(gameParticipants)
    .leftJoin(gameRewards, eq(gameRewards.id, gameParticipants.rewardId))
    .leftJoin(coupons, eq(coupons.id, gameParticipants.couponId))
    .where(eq(gameParticipants.id, participantId))
  const { p, reward, coupon } = row!
  return {
    participantId: p.id,
    rewardId: reward?.id ?? null,
    rewardName: reward?.name ?? null,
    rewardType: (reward?.type as RewardType | undefined) ?? null,
    points: reward && reward.type !== 'COUPON' ? reward.points : null,
    coupon: coupon
      ? {
          code: coupon.code,
          header: coupon.header,
          type: coupon.type,
          value: coupon.value,
          currencyCode: coupon.currencyCode,
          expiresAt: coupon.expiresAt.toISOString(),
        }
      : null,
    replayed,
    playedAt: p.createdAt.toISOString(),
  }
}

function refuseClosed(game: typeof games.$inferSelect, today: string) {
  const status = gameStatus(game, today)
  if (status === 'DISABLED') throw conflict('GAME_DISABLED', 'This game has been disabled')
  if (status === 'ENDED') throw conflict('GAME_ENDED', 'This game has ended')
  if (!hasStarted(game, today)) throw conflict('GAME_NOT_STARTED', 'This game has not started yet')
}

async function issueGameCoupon(
  tx: Tx,
  game: typeof games.$inferSelect,
  currency: string,
  reward: Reward,
  p: { clientId: string; storeId: string | null },
  now: Date,
) {
  const k = reward.coupon!
  const [c] = await tx
    .insert(coupons)
    .values({
      franchiseId: game.franchiseId,
      clientId: p.clientId,
      storeId: p.storeId,
      type: k.type,
      value: k.value ?? null,
      currencyCode: k.type === 'flat' ? currency : null,
      header: k.name,
      expiresAt: expiryOf(now, k.validity),
    })
    .returning({ id: coupons.id })
  return c!.id
}

/**
 * POST /api/v2/public/games/:id/spin: the draw, then the winner's coupon by SMS. Sent after the commit
 * and again on every replay, under one dedupe key per participant: a crash before the send is mended
 * by the customer's retry, and the outbox keeps it to one message.
 */
export async function spin(
  db: Db,
  sms: Sms,
  gameId: string,
  input: SpinInput,
  now = new Date(),
): Promise<SpinResult> {
  const { result, franchise: f, phone } = await draw(db, gameId, input, now)
  if (result.coupon)
    await sms.send(db, {
      to: phone,
      text: wonCouponSmsText(customerLocale(input.language, f.codeAlpha3), {
        franchiseName: f.name,
        coupon: result.coupon,
        timeZone: f.timezone,
      }),
      from: f.senderId,
      franchiseId: f.id,
      dedupeKey: `game-coupon:${result.participantId}`,
    })
  return result
}

/** The spin's transaction: the participant, once per client and game, and its reward. */
async function draw(db: Db, gameId: string, input: SpinInput, now: Date) {
  return db.transaction(async (tx) => {
    const { game, franchise: f, phone } = await gamePhone(tx, gameId, input.phone)
    await assertPhoneProven(tx, { purpose: 'game', scopeId: game.id, phone, proof: input.proof }, now)
    // One spin at a time per phone and game: the others wait here, then find the first one's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`game:${game.id}:${phone}`}))`)
    const [known] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.franchiseId, f.id), eq(clients.phone, phone)))
    if (known) {
      const [played] = await tx
        .select({ id: gameParticipants.id })
        .from(gameParticipants)
        .where(and(eq(gameParticipants.gameId, game.id), eq(gameParticipants.clientId, known.id)))
      if (played) return { result: await resultOf(tx, played.id, true), franchise: f, phone }
    }
    refuseClosed(game, gameToday(f.timezone, now))
    if (known && game.onlyNewClients)
      throw new AppError(403, 'GAME_ONLY_NEW_CLIENTS', 'This game is for new customers only')
    const storeIds = (
      await tx
        .select({ id: gameStores.storeId })
        .from(gameStores)
        .where(and(eq(gameStores.gameId, game.id), eq(gameStores.franchiseId, game.franchiseId)))
        .orderBy(asc(gameStores.position))
    ).map((s) => s.id)
    if (input.storeId && !storeIds.includes(input.storeId))
      throw badRequest('VALIDATION_FAILED', 'Invalid body: storeId: not a store of this game', {
        field: 'storeId',
        in: 'body',
      })
    const storeId = input.storeId ?? storeIds[0] ?? null
    const client =
      known ??
      (await tx.insert(clients).values({ franchiseId: f.id, phone, acquiredFrom: 'STORE' }).returning())[0]!
    const won = drawReward(await activeRewards(tx, game))
    const [p] = await tx
      .insert(gameParticipants)
      .values({ gameId: game.id, franchiseId: f.id, clientId: client.id, storeId, rewardId: won?.id ?? null })
      .onConflictDoNothing()
      .returning()
    if (!p) throw conflict('GAME_ALREADY_PLAYED', 'This phone has already played')
    let transactionId: string | null = null
    let couponId: string | null = null
    if (won && won.type !== 'COUPON' && won.points) {
      const moved = await applyPoints(tx, {
        franchiseId: f.id,
        clientId: client.id,
        storeId,
        type: 'game',
        points: won.points,
        reference: p.id,
        isVisit: false,
        authorId: null,
        impostorOf: null,
        now,
      })
      transactionId = moved.transaction.id
    }
    if (won && won.type !== 'POINTS' && won.coupon)
      couponId = await issueGameCoupon(tx, game, f.currencyCode, won, { clientId: client.id, storeId }, now)
    if (transactionId || couponId)
      await tx
        .update(gameParticipants)
        .set({ transactionId, couponId })
        .where(and(eq(gameParticipants.id, p.id), eq(gameParticipants.franchiseId, f.id)))
    return { result: await resultOf(tx, p.id, false), franchise: f, phone }
  })
}
