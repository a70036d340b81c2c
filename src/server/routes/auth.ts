// SPEC §7 "Auth and users": sign-in, sign-out, sign-up, password reset, acting as a merchant.
import type { FastifyInstance } from 'fastify'
import { object, string } from 'superstruct'
import {
  LoginRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignUpRequest,
  TokenEncodeRequest,
} from '../../domain/auth'
import { isId } from '../../domain/ids'
import { isAdminRole } from '../../domain/roles'
import { forbidden, notFound, parse } from '../errors'
import { allow } from '../plugins/route-contract'
import { issueToken, revokeToken } from '../services/tokens'
import { getUser, login, requestPasswordReset, resetPassword, signUp, userExists } from '../services/users'

export default async function authRoutes(app: FastifyInstance) {
  const db = () => app.database.db

  app.post('/api/users/login', allow('public'), async (request) => {
    const input = parse(LoginRequest, request.body)
    return login(db(), input, request.ip, app.config.loginLimits)
  })

  app.post('/api/users/logout', allow('signedIn'), async (request, reply) => {
    await revokeToken(db(), request.principal!.tokenHash)
    return reply.status(204).send()
  })

  app.post('/api/users', allow('public'), async (request, reply) => {
    const input = parse(SignUpRequest, request.body)
    return reply.status(201).send(await signUp(db(), input))
  })

  // Same answer whether or not the e-mail is known: the response reveals no account.
  app.post('/request-password-reset', allow('public'), async (request, reply) => {
    const { email } = parse(PasswordResetRequest, request.body)
    await requestPasswordReset(db(), app.adapters.mail, email, app.config.publicUrl)
    return reply.status(202).send({ status: 'sent' })
  })

  app.post('/api/users/reset-password', allow('public'), async (request, reply) => {
    const { token, password } = parse(PasswordResetConfirm, request.body)
    await resetPassword(db(), token, password)
    return reply.status(204).send()
  })

  app.post('/api/v2/token/encode', allow('signedIn'), async (request) => {
    const p = request.principal!
    // Only a real admin session may act as someone (an impostor token cannot chain).
    if (!isAdminRole(p.user.role) || p.impostorOf)
      throw forbidden('Only administrators can act as a merchant')
    const { userId, impostorId } = parse(TokenEncodeRequest, request.body)
    if (impostorId !== p.user.id) throw forbidden('impostorId must be the signed-in administrator')
    const target = await getUser(db(), userId).catch(() => {
      throw notFound('USER_NOT_FOUND', 'User not found')
    })
    if (isAdminRole(target.role)) throw forbidden('Administrators cannot be impersonated')
    const token = await issueToken(db(), target.id, p.user.id)
    return { ...token, impostorId: p.user.id }
  })

  app.get('/api/users/:id/exists', allow('public'), async (request) => {
    const { id } = parse(object({ id: string() }), request.params, 'params')
    return { exists: isId(id) ? await userExists(db(), id) : false }
  })
}
