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
import { confirmGameCode, limitGame, publicGame, sendGameCode, spin } from '../services/games-play'

const GameParams = object({ id: Id })
const SpinBody = object({
  phone: size(string(), 1, 40),
  proof: size(string(), 1, 200),
  storeId: optional(Id),
  language: optional(enums(LOCALES)),
})

export default async function gamePlayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const db = () => app.database.db
  const open = allow('public', AUTH_NEUTRAL)
  // The limit counts every call, valid or not: it runs before the input is validated.
  const limit = (kind: Parameters<typeof limitGame>[1]) => ({
    preValidation: async (request: FastifyRequest) => limitGame(db(), kind, request.ip),
  })

  app.get(
    '/api/v2/public/games/:id',
    { ...allow('public'), ...limit('view'), schema: { params: GameParams, response: { 200: PublicGame } } },
    async (request) => publicGame(db(), request.params.id),
  )

  app.post(
    '/api/v2/public/games/:id/phone-code',
    {
      ...open,
      ...limit('code'),
      schema: { params: GameParams, body: PhoneCodeRequest, response: { 200: PhoneCodeSent } },
    },
    async (request) => sendGameCode(db(), app.adapters.sms, request.params.id, request.body),
  )

  app.post(
    '/api/v2/public/games/:id/phone-code/confirm',
    {
      ...open,
      ...limit('code'),
      schema: { params: GameParams, body: PhoneCodeConfirm, response: { 200: PhoneCodeConfirmed } },
    },
    async (request) => confirmGameCode(db(), request.params.id, request.body),
  )

  app.post(
    '/api/v2/public/games/:id/spin',
    {
      ...open,
      ...limit('spin'),
      schema: { params: GameParams, body: SpinBody, response: { 200: SpinResult } },
    },
    async (request) => spin(db(), app.adapters.sms, request.params.id, request.body),
  )
}
