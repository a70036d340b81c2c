// Games, the merchant's calls (issue 22; SPEC §7 "Games": GET /api/v2/games/owned, GET
// api/v2/games/{id}/info/owner, GET api/v2/games/{id}/rewards?includeDisabled=, POST api/v2/games; the
// update, disable/enable and participants calls named in the same style). Owners, with the GAME feature.
import type { FastifyInstance } from 'fastify'
import { boolean, coerce, defaulted, integer, max, min, object, optional, string, type } from 'superstruct'
import {
  GAME_LIST_DEFAULTS,
  GameInfo,
  GameInput,
  GamePage,
  GameParticipantPage,
  GameRewards,
} from '../../domain/games'
import { Id } from '../../domain/ids'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as games from '../services/games'

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

export default async function gameRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    createGame,
    gameInfo,
    gameParticipantList,
    gameRewardList,
    listGames,
    setGameDisabled,
    updateGame,
  } = bound(app, games)
  const owner = allow('owner')
  const write = allow('owner', AUTH_NEUTRAL)
  const info = { params: GameParams, response: { 200: GameInfo } }

  app.get(
    '/api/v2/games/owned',
    { ...owner, schema: { querystring: PageQuery, response: { 200: GamePage } } },
    async (request) => listGames(request.tenant!, request.query),
  )

  app.get('/api/v2/games/:id/info/owner', { ...owner, schema: info }, async (request) =>
    gameInfo(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/games/:id/rewards',
    { ...owner, schema: { params: GameParams, querystring: RewardsQuery, response: { 200: GameRewards } } },
    async (request) =>
      gameRewardList(request.tenant!, request.params.id, request.query.includeDisabled ?? false),
  )

  app.get(
    '/api/v2/games/:id/participants',
    {
      ...owner,
      schema: { params: GameParams, querystring: PageQuery, response: { 200: GameParticipantPage } },
    },
    async (request) => gameParticipantList(request.tenant!, request.params.id, request.query),
  )

  app.post(
    '/api/v2/games',
    { ...write, schema: { body: GameInput, response: { 201: GameInfo } } },
    async (request, reply) => reply.status(201).send(await createGame(request.tenant!, request.body)),
  )

  app.put('/api/v2/games/:id', { ...write, schema: { ...info, body: GameInput } }, async (request) =>
    updateGame(request.tenant!, request.params.id, request.body),
  )

  app.patch('/api/v2/games/:id/disable', { ...write, schema: info }, async (request) =>
    setGameDisabled(request.tenant!, request.params.id, true),
  )
  app.patch('/api/v2/games/:id/enable', { ...write, schema: info }, async (request) =>
    setGameDisabled(request.tenant!, request.params.id, false),
  )
}
