// SPEC §7 "Auth and users": the signed-in user, its data and settings, terms, categories.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { array, is, object, type } from 'superstruct'
import {
  Category,
  IpLocationResponse,
  Me,
  SessionStart,
  UserInfo,
  UserInfoPatch,
  UserPatch,
  UserSettings,
} from '../../domain/auth'
import { IdParams } from '../../domain/ids'
import { isAdminRole } from '../../domain/roles'
import { forbidden } from '../errors'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound, boundAdapter } from '../services/bound'
import * as geo from '../services/geo'
import * as session from '../services/session'
import * as userInfos from '../services/user-info'
import * as users from '../services/users'

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { sessionStart } = bound(app, session)
  const { listCategories } = bound(app, users)
  const { acceptTermsInfo, updateUserInfo, updateUserSettings, userInfo } = bound(app, userInfos)
  const { ipLocation } = boundAdapter(app, geo, (a) => a.geo)
  const signedIn = allow('signedIn')

  /**
   * A user may read and change itself; admins may read anyone (the admin area lists merchants). Run
   * before the input is validated, so that another user's id is a 403 whatever the body; an invalid
   * id is left to the params struct (its 400).
   */
  const selfOrAdmin = (write: boolean) => async (request: FastifyRequest) => {
    if (!is(request.params, IdParams)) return
    const p = request.principal!
    if (request.params.id === p.user.id) return
    if (!write && isAdminRole(p.user.role) && !p.impostorOf) return
    throw forbidden('You can only change your own account')
  }

  app.get('/api/v2/users/me', { ...signedIn, schema: { response: { 200: Me } } }, async (request) => {
    const p = request.principal!
    return { id: p.user.id, email: p.user.email, acl: { role: p.user.role }, impostorOf: p.impostorOf }
  })

  // The shell's start in one call (me, info, franchises, stores, categories): see services/session.ts.
  app.get(
    '/api/v2/users/me/session',
    { ...signedIn, schema: { response: { 200: SessionStart } } },
    async (request) => sessionStart(request.principal!),
  )

  app.get(
    '/api/v2/users/:id/info',
    {
      ...signedIn,
      preValidation: selfOrAdmin(false),
      schema: { params: IdParams, response: { 200: UserInfo } },
    },
    async (request) => userInfo(request.params.id),
  )

  app.patch(
    '/api/users/:id',
    {
      ...signedIn,
      preValidation: selfOrAdmin(true),
      schema: { params: IdParams, body: UserPatch, response: { 200: UserInfo } },
    },
    async (request) => updateUserInfo(request.params.id, request.body),
  )

  app.patch(
    '/api/v2/users/:id/info',
    {
      ...signedIn,
      preValidation: selfOrAdmin(true),
      schema: { params: IdParams, body: UserInfoPatch, response: { 200: UserInfo } },
    },
    async (request) => updateUserSettings(request.params.id, request.body.settings),
  )

  // The original client sends the whole user object; only its settings are ours to change here.
  app.post(
    '/api/auth/user/update',
    {
      ...signedIn,
      schema: {
        body: object({ user: type({ data: type({ settings: UserSettings }) }) }),
        response: { 200: UserInfo },
      },
    },
    async (request) => updateUserSettings(request.principal!.user.id, request.body.user.data.settings),
  )

  app.patch(
    '/api/v2/users/accept-terms',
    { ...signedIn, schema: { response: { 200: UserInfo } } },
    async (request) => acceptTermsInfo(request.principal!.user.id),
  )

  app.get(
    '/api/Categories',
    { ...allow('public'), schema: { response: { 200: array(Category) } } },
    async () => listCategories(),
  )

  // The language guess of §7 (en-US → English, otherwise French) and the default map location.
  app.get(
    '/api/v2/geo/ip',
    { ...allow('public'), schema: { response: { 200: IpLocationResponse } } },
    async (request) => ipLocation(request.ip, request.headers['accept-language']),
  )
}
