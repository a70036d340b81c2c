// Firebase Cloud Messaging on 127.0.0.1, as its HTTP v1 reference documents it, with the OAuth2 token
// endpoint the service account's `token_uri` names. The token endpoint checks the JWT assertion
// (RS256 with the test account's public key, issuer, audience, scope, expiry) and answers
// {access_token, expires_in, token_type}, or 400 invalid_grant; messages:send takes only a token it
// issued and not expired, answers {name: "projects/<p>/messages/<id>"} or FCM's error bodies
// ({error:{code,message,status,details:[FcmError{errorCode}]}}) for the tokens and outcomes a test sets.
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { ServiceAccount } from '../../src/server/adapters/push/service-account'
import { closeLocal, listenLocal } from './local-server'

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError'
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

/** 429 and 503 refuse the message; 'hang' accepts it and never answers (a lost answer). */
export type Forced = { status: 429 | 503 | 'hang'; retryAfter?: string }

export type FakeFcm = {
  url: string
  account: ServiceAccount
  /** Messages FCM accepted. */
  accepted: { name: string; token: string; message: Record<string, unknown> }[]
  /** Calls to messages:send, refusals included. */
  sends: number
  /** Access tokens issued (each one a JWT exchange). */
  tokensIssued: number
  /** Tokens answered 404 UNREGISTERED, and 400 INVALID_ARGUMENT. */
  unregistered: Set<string>
  invalid: Set<string>
  /** Outcomes forced on the next sends, in order: quota (429), unavailable (503), or no answer. */
  script: Forced[]
  /** How long an access token lives, in seconds. */
  tokenLifetime: number
  close(): Promise<void>
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

function fcmError(code: number, status: string, message: string, errorCode?: string) {
  return {
    error: {
      code,
      message,
      status,
      ...(errorCode ? { details: [{ '@type': FCM_ERROR, errorCode }] } : {}),
    },
  }
}

export async function startFakeFcm(project = 'loyalty-test'): Promise<FakeFcm> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const issued = new Map<string, number>()
  const fcm: FakeFcm = {
    url: '',
    account: {
      project_id: project,
      client_email: `push@${project}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    accepted: [],
    sends: 0,
    tokensIssued: 0,
    unregistered: new Set(),
    invalid: new Set(),
    script: [],
    tokenLifetime: 3600,
    close: () => closeLocal(server),
  }
  const reply = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
    res.end(JSON.stringify(body))
  }

  /** Google's token endpoint: grant_type jwt-bearer, the assertion signed by the account's key. */
  function token(body: string, res: http.ServerResponse) {
    const form = new URLSearchParams(body)
    const bad = (description: string) =>
      reply(res, 400, { error: 'invalid_grant', error_description: description })
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return reply(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' })
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.')
    if (!header || !payload || !signature) return bad('Invalid JWT: Token must be a short-lived token')
    const verifier = createVerify('RSA-SHA256')
    verifier.update(`${header}.${payload}`)
    if (b64json(header).alg !== 'RS256' || !verifier.verify(publicKey, Buffer.from(signature, 'base64url')))
      return bad('Invalid JWT Signature.')
    const claims = b64json(payload) as { iss: string; aud: string; scope: string; exp: number; iat: number }
    const now = Date.now() / 1000
    if (claims.iss !== fcm.account.client_email) return bad('Invalid JWT: unknown issuer')
    if (claims.aud !== 'https://oauth2.googleapis.com/token') return bad('Invalid JWT: audience')
    if (!claims.scope.split(' ').includes(SCOPE)) return bad('Invalid JWT: scope')
    if (claims.exp < now || claims.iat > now + 60)
      return bad('Invalid JWT: Token must be a short-lived token')
    const access = `ya29.${randomBytes(24).toString('base64url')}`
    issued.set(access, Date.now() + fcm.tokenLifetime * 1000)
    fcm.tokensIssued++
    reply(res, 200, { access_token: access, expires_in: fcm.tokenLifetime, token_type: 'Bearer' })
  }

  function send(body: string, req: http.IncomingMessage, res: http.ServerResponse) {
    fcm.sends++
    const access = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const until = access ? issued.get(access) : undefined
    if (!until || until <= Date.now())
      return reply(
        res,
        401,
        fcmError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      )
    const message = (JSON.parse(body) as { message?: Record<string, unknown> }).message
    const target = message?.token
    if (typeof target !== 'string')
      return reply(res, 400, fcmError(400, 'INVALID_ARGUMENT', 'Recipient of the message is not set.'))
    const forced = fcm.script.shift()
    if (forced?.status === 429)
      return reply(
        res,
        429,
        fcmError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for the project.', 'QUOTA_EXCEEDED'),
        forced.retryAfter ? { 'retry-after': forced.retryAfter } : {},
      )
    if (forced?.status === 503)
      return reply(
        res,
        503,
        fcmError(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE'),
        forced.retryAfter ? { 'retry-after': forced.retryAfter } : {},
      )
    if (fcm.unregistered.has(target))
      return reply(res, 404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'))
    if (fcm.invalid.has(target))
      return reply(
        res,
        400,
        fcmError(
          400,
          'INVALID_ARGUMENT',
          'The registration token is not a valid FCM registration token',
          'INVALID_ARGUMENT',
        ),
      )
    const name = `projects/${project}/messages/0:${Date.now()}%${randomBytes(8).toString('hex')}`
    fcm.accepted.push({ name, token: target, message: message ?? {} })
    if (forced?.status === 'hang') return
    reply(res, 200, { name })
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (req.method === 'POST' && path === '/token') return token(body, res)
      if (req.method === 'POST' && path === `/v1/projects/${project}/messages:send`)
        return send(body, req, res)
      reply(res, 404, fcmError(404, 'NOT_FOUND', 'Not found'))
    })
  })
  fcm.url = await listenLocal(server)
  fcm.account.token_uri = `${fcm.url}/token`
  return fcm
}
