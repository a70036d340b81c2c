// SPEC §7 "Auth and users": the signed-in user, its data and settings, terms, categories.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { object, type } from 'superstruct'
import { UserInfoPatch, UserPatch, UserSettings } from '../../domain/auth'
import { IdParams } from '../../domain/ids'
import { isAdminRole } from '../../domain/roles'
import { forbidden, parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { sessionStart } from '../services/session'
import {
  acceptTerms,
  getUser,
  listCategories,
  toUserInfo,
  updateSettings,
  updateUser,
} from '../services/users'

export default async function userRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const signedIn = allow('signedIn')

  /** A user may read and change itself; admins may read anyone (the admin area lists merchants). */
  function selfOrAdmin(request: FastifyRequest, write: boolean): string {
    const { id } = parse(IdParams, request.params, 'params')
    const p = request.principal!
    if (id === p.user.id) return id
    if (!write && isAdminRole(p.user.role) && !p.impostorOf) return id
    throw forbidden('You can only change your own account')
  }

  app.get('/api/v2/users/me', signedIn, async (request) => {
    const p = request.principal!
    return { id: p.user.id, email: p.user.email, acl: { role: p.user.role }, impostorOf: p.impostorOf }
  })

  // The shell's start in one call (me, info, franchises, stores, categories): see services/session.ts.
  app.get('/api/v2/users/me/session', signedIn, async (request) => sessionStart(db(), request.principal!))

  app.get('/api/v2/users/:id/info', signedIn, async (request) =>
    toUserInfo(await getUser(db(), selfOrAdmin(request, false))),
  )

  app.patch('/api/users/:id', signedIn, async (request) => {
    const id = selfOrAdmin(request, true)
    return toUserInfo(await updateUser(db(), id, parse(UserPatch, request.body)))
  })

  app.patch('/api/v2/users/:id/info', signedIn, async (request) => {
    const id = selfOrAdmin(request, true)
    const { settings } = parse(UserInfoPatch, request.body)
    return toUserInfo(await updateSettings(db(), id, settings))
  })

  // The original client sends the whole user object; only its settings are ours to change here.
  app.post('/api/auth/user/update', signedIn, async (request) => {
    const { user } = parse(object({ user: type({ data: type({ settings: UserSettings }) }) }), request.body)
    return toUserInfo(await updateSettings(db(), request.principal!.user.id, user.data.settings))
  })

  app.patch('/api/v2/users/accept-terms', signedIn, async (request) =>
    toUserInfo(await acceptTerms(db(), request.principal!.user.id)),
  )

  app.get('/api/Categories', allow('public'), async () => listCategories(db()))

  // The language guess of §7 (en-US → English, otherwise French) and the default map location.
  app.get('/api/v2/geo/ip', allow('public'), async (request) =>
    app.adapters.geo.locate(request.ip, request.headers['accept-language']),
  )
}
