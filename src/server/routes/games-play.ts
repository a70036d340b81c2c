// The public play page's calls (issue 22): no token; the game id is the key, every call is rate
// limited per address, the phone is confirmed by a one-time SMS code (services/phone-codes.ts) before
// the spin, and the spin happens once per client and game (services/games-play.ts).
import type { FastifyInstance } from 'fastify'
import { object, optional, size, string } from 'superstruct'
import { Id } from '../../domain/ids'
import { PhoneCodeConfirm, PhoneCodeRequest } from '../../domain/phone-codes'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import { gamePhone, limitGame, publicGame, spin } from '../services/games-play'
import { confirmPhoneCode, sendPhoneCode } from '../services/phone-codes'

const GameParams = object({ id: Id })
const SpinBody = object({
  phone: size(string(), 1, 40),
  proof: size(string(), 1, 200),
  storeId: optional(Id),
})

export default async function gamePlayRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const open = allow('public', AUTH_NEUTRAL)
  const idOf = (params: unknown) => parse(GameParams, params, 'params').id

  app.get('/api/v2/public/games/:id', allow('public'), async (request) => {
    await limitGame(db(), 'view', request.ip)
    return publicGame(db(), idOf(request.params))
  })

  app.post('/api/v2/public/games/:id/phone-code', open, async (request) => {
    await limitGame(db(), 'code', request.ip)
    const id = idOf(request.params)
    const input = parse(PhoneCodeRequest, request.body)
    const { game, franchise, phone } = await gamePhone(db(), id, input.phone)
    return sendPhoneCode(db(), app.adapters.sms, {
      purpose: 'game',
      scopeId: game.id,
      phone,
      from: franchise.senderId,
      franchiseId: franchise.id,
      text: (code) => `${franchise.name}: ${code} (${game.name})`,
    })
  })

  app.post('/api/v2/public/games/:id/phone-code/confirm', open, async (request) => {
    await limitGame(db(), 'code', request.ip)
    const id = idOf(request.params)
    const input = parse(PhoneCodeConfirm, request.body)
    const { game, phone } = await gamePhone(db(), id, input.phone)
    return confirmPhoneCode(db(), { purpose: 'game', scopeId: game.id, phone, code: input.code })
  })

  app.post('/api/v2/public/games/:id/spin', open, async (request) => {
    await limitGame(db(), 'spin', request.ip)
    const id = idOf(request.params)
    return spin(db(), id, parse(SpinBody, request.body))
  })
}
