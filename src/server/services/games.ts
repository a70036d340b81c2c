// Games, the merchant's side (issue 22; SPEC §7 "Games"): owners, only with the franchise's GAME
// feature (403 GAME_FEATURE_DISABLED otherwise). A foreign id is a 404 GAME_NOT_FOUND, decided before
// the feature so that another tenant learns nothing. A store owner sees the games of its stores and
// writes only games all of whose stores are its own.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { expectedWins, type GameStatus, gameStatus, gameToday, weightUnits } from '../../domain/game-wheel'
import {
  DEFAULT_GAME_SETTINGS,
  GAME_FEATURE_CODE,
  type GameInfo,
  type GameInput,
  type GamePage,
  type GameParticipantPage,
  type GameReward,
  gameRuleErrors,
} from '../../domain/games'
import type { Db, Tx } from '../db/client'
import {
  clients,
  franchiseFeatures,
  gameParticipants,
  gameRewards,
  gameStores,
  games,
  stores,
} from '../db/schema'
import { AppError, badRequest, notFound } from '../errors'
import {
  assertStore,
  gameVisibleTo,
  homeFranchiseId,
  inScope,
  ownFranchiseIds,
  reachesGame,
  scopedFranchise,
  scopedId,
  storeIdsFor,
  type Tenant,
} from './scope'

type Game = typeof games.$inferSelect
const GAME_COLS = { id: games.id, franchiseId: games.franchiseId }
export const gameNotFound = () => notFound('GAME_NOT_FOUND', 'Game not found')
const featureOff = () =>
  new AppError(403, GAME_FEATURE_CODE, 'The GAME feature is not enabled for this franchise')

/** The franchises among `ids` with the GAME feature on. */
async function withGame(db: Db | Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await db
    .select({ id: franchiseFeatures.franchiseId })
    .from(franchiseFeatures)
    .where(
      and(
        inArray(franchiseFeatures.franchiseId, ids),
        eq(franchiseFeatures.feature, 'GAME'),
        eq(franchiseFeatures.isEnabled, true),
      ),
    )
  return rows.map((r) => r.id)
}

export async function assertGameFeature(db: Db | Tx, franchiseId: string) {
  if (!(await withGame(db, [franchiseId])).length) throw featureOff()
}

/** The game by id within the caller's scope (404), with the GAME feature on (403). */
export async function loadGame(db: Db | Tx, tenant: Tenant, id: string, forWrite = false) {
  const [row] = await db
    .select()
    .from(games)
    .where(scopedId(tenant, GAME_COLS, id))
  if (!row) throw gameNotFound()
  const f = await scopedFranchise(db, tenant, row.franchiseId)
  const mine = storeIdsFor(tenant, row.franchiseId)
  if (mine !== null) {
    const ids = (await db.select().from(gameStores).where(eq(gameStores.gameId, row.id))).map(
      (s) => s.storeId,
    )
    if (!reachesGame(ids, mine, forWrite)) throw gameNotFound()
  }
  await assertGameFeature(db, row.franchiseId)
  return { row, f }
}

const statusOf = (row: Game, today: string): GameStatus => gameStatus(row, today)

/** The SQL of a game's won rewards count (participants with a reward). */
const rewardsGivenOf = sql<number>`(select count(*)::int from game_participants p where p.game_id = games.id and p.reward_id is not null)`
const participantsOf = sql<number>`(select count(*)::int from game_participants p where p.game_id = games.id)`

/** GET /api/v2/games/owned: the caller's games (franchises with GAME), newest first, paged. */
export async function listGames(
  db: Db,
  tenant: Tenant,
  q: { page: number; size: number },
  now = new Date(),
): Promise<GamePage> {
  const franchiseIds = await withGame(db, ownFranchiseIds(tenant))
  if (!franchiseIds.length) throw featureOff()
  const mine = tenant.everyFranchise || tenant.storeIds === null ? null : tenant.storeIds
  const where = and(inArray(games.franchiseId, franchiseIds), inScope(tenant, GAME_COLS), gameVisibleTo(mine))
  const [rows, [total]] = await Promise.all([
    db
      .select({ game: games, participants: participantsOf, rewardsGiven: rewardsGivenOf })
      .from(games)
      .where(where)
      .orderBy(desc(games.createdAt), asc(games.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(games).where(where),
  ])
  const zones = await franchiseZones(db, tenant, franchiseIds)
  return {
    data: rows.map(({ game, participants, rewardsGiven }) => ({
      id: game.id,
      name: game.name,
      type: 'WHEEL' as const,
      action: game.action as GameInfo['action'],
      status: statusOf(game, gameToday(zones.get(game.franchiseId) ?? 'UTC', now)),
      startDate: game.startDate,
      endDate: game.endDate,
      participants,
      rewardsGiven,
      dateCreated: game.createdAt.toISOString(),
    })),
    metadata: { page: q.page, size: q.size, total: total?.n ?? 0 },
  }
}

async function franchiseZones(db: Db, tenant: Tenant, ids: string[]) {
  const out = new Map<string, string>()
  for (const id of ids) out.set(id, (await scopedFranchise(db, tenant, id)).timezone)
  return out
}

async function infoOf(db: Db | Tx, row: Game, timezone: string, now: Date): Promise<GameInfo> {
  const storeRows = await db
    .select({ storeId: gameStores.storeId, storeName: stores.name, googleLink: gameStores.googleLink })
    .from(gameStores)
    .innerJoin(stores, eq(stores.id, gameStores.storeId))
    .where(and(eq(gameStores.gameId, row.id), eq(gameStores.franchiseId, row.franchiseId)))
    .orderBy(asc(gameStores.position))
  const [p] = await db
    .select({ n: count() })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, row.id), eq(gameParticipants.franchiseId, row.franchiseId)))
  return {
    id: row.id,
    franchiseId: row.franchiseId,
    name: row.name,
    type: 'WHEEL',
    action: row.action as GameInfo['action'],
    actionUrl: row.actionUrl,
    storeInfos: storeRows,
    startDate: row.startDate,
    endDate: row.endDate,
    status: statusOf(row, gameToday(timezone, now)),
    settings: { canLoose: row.canLoose, onlyNewClients: row.onlyNewClients },
    participants: p?.n ?? 0,
    dateCreated: row.createdAt.toISOString(),
  }
}

/** GET api/v2/games/{id}/info/owner */
export async function gameInfo(db: Db, tenant: Tenant, id: string, now = new Date()): Promise<GameInfo> {
  const { row, f } = await loadGame(db, tenant, id)
  return infoOf(db, row, f.timezone, now)
}

/** GET api/v2/games/{id}/rewards?includeDisabled=: each reward with its won and expected counts. */
export async function gameRewardList(
  db: Db,
  tenant: Tenant,
  id: string,
  includeDisabled: boolean,
): Promise<GameReward[]> {
  const { row } = await loadGame(db, tenant, id)
  // Spelled out: inside a subquery Drizzle would write the outer column unqualified.
  const won = sql<number>`(select count(*)::int from game_participants p where p.reward_id = game_rewards.id)`
  const rows = await db
    .select({ reward: gameRewards, won })
    .from(gameRewards)
    .where(
      and(
        eq(gameRewards.gameId, row.id),
        eq(gameRewards.franchiseId, row.franchiseId),
        includeDisabled ? undefined : eq(gameRewards.isDisabled, false),
      ),
    )
    .orderBy(asc(gameRewards.isDisabled), asc(gameRewards.position))
  const [p] = await db
    .select({ n: count() })
    .from(gameParticipants)
    .where(and(eq(gameParticipants.gameId, row.id), eq(gameParticipants.franchiseId, row.franchiseId)))
  const participants = p?.n ?? 0
  return rows.map(({ reward: r, won }) => {
    const weight = r.weightUnits / 100
    return {
      id: r.id,
      name: r.name,
      type: r.type as GameReward['type'],
      points: r.points,
      coupon: r.coupon ? { ...r.coupon, value: r.coupon.value ?? null } : null,
      weight,
      isDisabled: r.isDisabled,
      won,
      expected: r.isDisabled ? 0 : expectedWins(weight, participants),
    }
  })
}

/** GET api/v2/games/{id}/participants: who played, newest first, with what they won. */
export async function gameParticipantList(
  db: Db,
  tenant: Tenant,
  id: string,
  q: { page: number; size: number },
): Promise<GameParticipantPage> {
  const { row } = await loadGame(db, tenant, id)
  const where = and(eq(gameParticipants.gameId, row.id), eq(gameParticipants.franchiseId, row.franchiseId))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: gameParticipants.id,
        clientId: gameParticipants.clientId,
        firstName: clients.firstName,
        phone: clients.phone,
        storeName: stores.name,
        rewardName: gameRewards.name,
        playedAt: gameParticipants.createdAt,
      })
      .from(gameParticipants)
      .innerJoin(clients, eq(clients.id, gameParticipants.clientId))
      .leftJoin(stores, eq(stores.id, gameParticipants.storeId))
      .leftJoin(gameRewards, eq(gameRewards.id, gameParticipants.rewardId))
      .where(where)
      .orderBy(desc(gameParticipants.createdAt), asc(gameParticipants.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(gameParticipants).where(where),
  ])
  return {
    data: rows.map((r) => ({ ...r, storeName: r.storeName ?? null, playedAt: r.playedAt.toISOString() })),
    metadata: { page: q.page, size: q.size, total: total?.n ?? 0 },
  }
}

/** §5 rules beyond the body's shape: a 400 naming the first failing field. */
function checkRules(input: GameInput) {
  const [bad] = gameRuleErrors(input)
  if (bad)
    throw badRequest('VALIDATION_FAILED', `Invalid body: ${bad.field}: ${bad.key}`, {
      field: bad.field,
      in: 'body',
      key: `games.errors.${bad.key}`,
    })
}

/** The stores: the franchise's (404 otherwise), and for a store owner its own. */
async function checkStores(tx: Tx, tenant: Tenant, franchiseId: string, input: GameInput) {
  const ids = input.storeInfos.map((s) => s.storeId)
  if (new Set(ids).size !== ids.length)
    throw badRequest('VALIDATION_FAILED', 'Invalid body: storeInfos: a store is named twice', {
      field: 'storeInfos',
      in: 'body',
    })
  for (const s of ids) await assertStore(tx, tenant, s, franchiseId)
}

async function writeParts(tx: Tx, game: Game, input: GameInput) {
  await tx
    .delete(gameStores)
    .where(and(eq(gameStores.gameId, game.id), eq(gameStores.franchiseId, game.franchiseId)))
  await tx.insert(gameStores).values(
    input.storeInfos.map((s, i) => ({
      gameId: game.id,
      franchiseId: game.franchiseId,
      storeId: s.storeId,
      googleLink: s.googleLink?.trim() || null,
      position: i,
    })),
  )
  // Rewards named by id are updated, new ones added, the others taken off the wheel (their wins stay).
  const existing = await tx
    .select({ id: gameRewards.id })
    .from(gameRewards)
    .where(and(eq(gameRewards.gameId, game.id), eq(gameRewards.franchiseId, game.franchiseId)))
  const known = new Set(existing.map((r) => r.id))
  const kept = new Set<string>()
  for (const [i, r] of input.rewards.entries()) {
    const values = {
      name: r.name.trim(),
      type: r.type,
      points: r.type === 'COUPON' ? null : (r.points ?? null),
      coupon: r.type === 'POINTS' ? null : (r.coupon ?? null),
      weightUnits: weightUnits(r.weight),
      position: i,
      isDisabled: false,
    }
    if (r.id && known.has(r.id)) {
      kept.add(r.id)
      await tx
        .update(gameRewards)
        .set(values)
        .where(and(eq(gameRewards.id, r.id), eq(gameRewards.franchiseId, game.franchiseId)))
    } else await tx.insert(gameRewards).values({ ...values, gameId: game.id, franchiseId: game.franchiseId })
  }
  const dropped = [...known].filter((id) => !kept.has(id))
  if (dropped.length)
    await tx
      .update(gameRewards)
      .set({ isDisabled: true })
      .where(and(inArray(gameRewards.id, dropped), eq(gameRewards.franchiseId, game.franchiseId)))
}

const columnsOf = (input: GameInput) => {
  const settings = input.settings ?? DEFAULT_GAME_SETTINGS
  return {
    name: input.name.trim(),
    action: input.action,
    actionUrl:
      input.action === 'INSTAGRAM' || input.action === 'FACEBOOK' ? (input.actionUrl?.trim() ?? null) : null,
    startDate: input.startDate,
    endDate: input.endDate || null,
    canLoose: settings.canLoose,
    onlyNewClients: settings.onlyNewClients,
  }
}

/** POST api/v2/games: a wheel, active at once from its start date. */
export async function createGame(
  db: Db,
  tenant: Tenant,
  input: GameInput,
  now = new Date(),
): Promise<GameInfo> {
  const franchiseId = input.franchiseId ?? homeFranchiseId(tenant)
  if (!franchiseId) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  const f = await scopedFranchise(db, tenant, franchiseId)
  await assertGameFeature(db, f.id)
  checkRules(input)
  return saveGame(db, tenant, f, input, now, async (tx) => {
    const [game] = await tx
      .insert(games)
      .values({ ...columnsOf(input), franchiseId: f.id, userId: tenant.actingAs ?? tenant.userId })
      .returning()
    return game!
  })
}

/** One transaction: the stores checked, the game row written by `write`, its stores and rewards. */
function saveGame(
  db: Db,
  tenant: Tenant,
  f: { id: string; timezone: string },
  input: GameInput,
  now: Date,
  write: (tx: Tx) => Promise<Game>,
) {
  return db.transaction(async (tx) => {
    await checkStores(tx, tenant, f.id, input)
    const game = await write(tx)
    await writeParts(tx, game, input)
    return infoOf(tx, game, f.timezone, now)
  })
}

/** PUT api/v2/games/{id}: the same body; rewards left out are disabled, their past wins kept. */
export async function updateGame(
  db: Db,
  tenant: Tenant,
  id: string,
  input: GameInput,
  now = new Date(),
): Promise<GameInfo> {
  const { row, f } = await loadGame(db, tenant, id, true)
  checkRules(input)
  if (input.franchiseId && input.franchiseId !== row.franchiseId)
    throw badRequest('VALIDATION_FAILED', 'Invalid body: franchiseId: a game stays in its franchise', {
      field: 'franchiseId',
      in: 'body',
    })
  return saveGame(db, tenant, f, input, now, async (tx) => {
    const [game] = await tx
      .update(games)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(scopedId(tenant, GAME_COLS, row.id))
      .returning()
    return game!
  })
}

/** PATCH api/v2/games/{id}/disable and …/enable */
export async function setGameDisabled(
  db: Db,
  tenant: Tenant,
  id: string,
  isDisabled: boolean,
  now = new Date(),
): Promise<GameInfo> {
  const { row, f } = await loadGame(db, tenant, id, true)
  const [game] = await db
    .update(games)
    .set({ isDisabled, updatedAt: now })
    .where(scopedId(tenant, GAME_COLS, row.id))
    .returning()
  return infoOf(db, game!, f.timezone, now)
}
