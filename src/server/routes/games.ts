// Games, the merchant's calls (issue 22; SPEC §7 "Games": GET /api/v2/games/owned, GET
// api/v2/games/{id}/info/owner, GET api/v2/games/{id}/rewards?includeDisabled=, POST api/v2/games; the
// update, disable/enable and participants calls named in the same style). Owners, with the GAME feature.
import type { FastifyInstance } from 'fastify'
import { boolean, coerce, defaulted, integer, max, min, object, optional, string, type } from 'superstruct'
import { GAME_LIST_DEFAULTS, GameInput } from '../../domain/games'
import { Id } from '../../domain/ids'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import {
  createGame,
  gameInfo,
  gameParticipantList,
  gameRewardList,
  listGames,
  setGameDisabled,
  updateGame,
} from '../services/games'

const int = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => Number(v)),
    dflt,
  )
const PageQuery = type({
  page: int(1, 1_000_000, GAME_LIST_DEFAULTS.page),
  size: int(1, 100, GAME_LIST_DEFAULTS.size),
})
const RewardsQuery = type({
  includeDisabled: optional(coerce(boolean(), string(), (v) => v === 'true')),
})
const GameParams = object({ id: Id })

export default async function gameRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const write = allow('owner', AUTH_NEUTRAL)
  const idOf = (params: unknown) => parse(GameParams, params, 'params').id

  app.get('/api/v2/games/owned', owner, async (request) =>
    listGames(db(), request.tenant!, parse(PageQuery, request.query, 'query')),
  )

  app.get('/api/v2/games/:id/info/owner', owner, async (request) =>
    gameInfo(db(), request.tenant!, idOf(request.params)),
  )

  app.get('/api/v2/games/:id/rewards', owner, async (request) => {
    const id = idOf(request.params)
    const q = parse(RewardsQuery, request.query, 'query')
    return gameRewardList(db(), request.tenant!, id, q.includeDisabled ?? false)
  })

  app.get('/api/v2/games/:id/participants', owner, async (request) => {
    const id = idOf(request.params)
    return gameParticipantList(db(), request.tenant!, id, parse(PageQuery, request.query, 'query'))
  })

  app.post('/api/v2/games', write, async (request, reply) =>
    reply.status(201).send(await createGame(db(), request.tenant!, parse(GameInput, request.body))),
  )

  app.put('/api/v2/games/:id', write, async (request) => {
    const id = idOf(request.params)
    return updateGame(db(), request.tenant!, id, parse(GameInput, request.body))
  })

  app.patch('/api/v2/games/:id/disable', write, async (request) =>
    setGameDisabled(db(), request.tenant!, idOf(request.params), true),
  )
  app.patch('/api/v2/games/:id/enable', write, async (request) =>
    setGameDisabled(db(), request.tenant!, idOf(request.params), false),
  )
}
