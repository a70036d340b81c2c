// SPEC §7 "Auth and users": sign-in, sign-out, sign-up, password reset, acting as a merchant.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { object, string } from 'superstruct'
import {
  LoginRequest,
  LoginResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  PasswordResetSentResponse,
  SignUpConfirm,
  SignUpRequest,
  SignUpSentResponse,
  TokenEncodeRequest,
  TokenEncodeResponse,
  UserExistsResponse,
} from '../../domain/auth'
import { isId } from '../../domain/ids'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as impersonation from '../services/impersonation'
import { assertMayImpersonate } from '../services/impersonation'
import { requestLocale } from '../services/mail-templates'
import * as signUps from '../services/sign-up'
import * as tokens from '../services/tokens'
import * as users from '../services/users'

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { login, resetPassword, userExists } = bound(app, users)
  const { requestPasswordReset } = bound(app, users, (a) => a.mail)
  const { confirmSignUp } = bound(app, signUps)
  const { signUp } = bound(app, signUps, (a) => a.mail)
  const { revokeToken } = bound(app, tokens)
  const { impersonate } = bound(app, impersonation)

  app.post(
    '/api/users/login',
    { ...allow('public'), schema: { body: LoginRequest, response: { 200: LoginResponse } } },
    async (request) => login(request.body, request.ip, app.config.loginLimits),
  )

  app.post(
    '/api/users/logout',
    { ...allow('signedIn'), schema: { response: { 204: NoContent } } },
    async (request, reply) => {
      await revokeToken(request.principal!.tokenHash)
      return reply.status(204).send()
    },
  )

  // Same answer whether or not the e-mail is known (issue 34): the account is made from the mailed link.
  app.post(
    '/api/users',
    { ...allow('public'), schema: { body: SignUpRequest, response: { 202: SignUpSentResponse } } },
    async (request, reply) => {
      await signUp(request.body, {
        address: request.ip,
        publicUrl: app.config.publicUrl,
        locale: requestLocale(request.headers['accept-language']),
        limits: app.config.signUpLimits,
      })
      return reply.status(202).send({ status: 'confirmation_sent' })
    },
  )

  // The sign-up link: creates the account and signs it in (the §7 login answer).
  app.post(
    '/api/users/confirm',
    { ...allow('public'), schema: { body: SignUpConfirm, response: { 200: LoginResponse } } },
    async (request) => confirmSignUp(request.body.token),
  )

  // Same answer whether or not the e-mail is known: the response reveals no account.
  app.post(
    '/request-password-reset',
    {
      ...allow('public'),
      schema: { body: PasswordResetRequest, response: { 202: PasswordResetSentResponse } },
    },
    async (request, reply) => {
      await requestPasswordReset(
        request.body.email,
        app.config.publicUrl,
        requestLocale(request.headers['accept-language']),
      )
      return reply.status(202).send({ status: 'sent' })
    },
  )

  app.post(
    '/api/users/reset-password',
    { ...allow('public'), schema: { body: PasswordResetConfirm, response: { 204: NoContent } } },
    async (request, reply) => {
      await resetPassword(request.body.token, request.body.password)
      return reply.status(204).send()
    },
  )

  // The role is checked before the body is validated: a non-administrator learns nothing from a 400.
  app.post(
    '/api/v2/token/encode',
    {
      ...allow('signedIn'),
      preValidation: async (request: FastifyRequest) => assertMayImpersonate(request.principal!),
      schema: { body: TokenEncodeRequest, response: { 200: TokenEncodeResponse } },
    },
    async (request) => impersonate(request.principal!, request.body),
  )

  app.get(
    '/api/users/:id/exists',
    {
      ...allow('public'),
      schema: { params: object({ id: string() }), response: { 200: UserExistsResponse } },
    },
    async (request) => ({
      exists: isId(request.params.id) ? await userExists(request.params.id) : false,
    }),
  )
}
