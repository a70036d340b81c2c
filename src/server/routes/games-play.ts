// The public play page's calls (issue 22): no token; the game id is the key, every call is rate
// limited per address (before its input is read), the phone is confirmed by a one-time SMS code
// (services/phone-codes.ts) before the spin, and the spin happens once per client and game
// (services/games-play.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { enums, object, optional, size, string } from 'superstruct'
import { PublicGame, SpinResult } from '../../domain/game-wheel'
import { Id } from '../../domain/ids'
import { LOCALES } from '../../domain/locale'
import {
  PhoneCodeConfirm,
  PhoneCodeConfirmed,
  PhoneCodeRequest,
  PhoneCodeSent,
} from '../../domain/phone-codes'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as gamesPlay from '../services/games-play'

const GameParams = object({ id: Id })
const SpinBody = object({
  phone: size(string(), 1, 40),
  proof: size(string(), 1, 200),
  storeId: optional(Id),
  language: optional(enums(LOCALES)),
})

export default async function gamePlayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { confirmGameCode, limitGame, publicGame } = bound(app, gamesPlay)
  const { sendGameCode, spin } = bound(app, gamesPlay, (a) => a.sms)
  const open = allow('public', AUTH_NEUTRAL)
  // The limit counts every call, valid or not: it runs before the input is validated.
  const limit = (kind: Parameters<typeof limitGame>[0]) => ({
    preValidation: async (request: FastifyRequest) => limitGame(kind, request.ip),
  })

  app.get(
    '/api/v2/public/games/:id',
    { ...allow('public'), ...limit('view'), schema: { params: GameParams, response: { 200: PublicGame } } },
    async (request) => publicGame(request.params.id),
  )

  app.post(
    '/api/v2/public/games/:id/phone-code',
    {
      ...open,
      ...limit('code'),
      schema: { params: GameParams, body: PhoneCodeRequest, response: { 200: PhoneCodeSent } },
    },
    async (request) => sendGameCode(request.params.id, request.body),
  )

  app.post(
    '/api/v2/public/games/:id/phone-code/confirm',
    {
      ...open,
      ...limit('code'),
      schema: { params: GameParams, body: PhoneCodeConfirm, response: { 200: PhoneCodeConfirmed } },
    },
    async (request) => confirmGameCode(request.params.id, request.body),
  )

  app.post(
    '/api/v2/public/games/:id/spin',
    {
      ...open,
      ...limit('spin'),
      schema: { params: GameParams, body: SpinBody, response: { 200: SpinResult } },
    },
    async (request) => spin(request.params.id, request.body),
  )
}
