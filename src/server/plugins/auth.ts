// Resolves the caller from its access token (Authorization: Bearer, or the access_token / token query
// parameter of SPEC §7). Routes declare who may call them (`allow('owner')`, route-contract.ts); the
// server, not the UI, is the authority.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DOWNLOAD_PARAM } from '../../domain/downloads'
import { effectiveRole, type Role } from '../../domain/roles'
import type { users } from '../db/schema'
import { runRequest, setRequestActor } from '../db/tenant-context'
import { scrubUrl } from '../logging'
import { recordAudit } from '../services/audit'
import { spendDownloadTicket } from '../services/downloads'
import { dbActorOf, franchiseIdsOf, scopeFrom, type Tenant, tenantOf } from '../services/scope'
import { TokenCache } from '../services/token-cache'
import { cachedToken, hashToken, resolveTokenHash, type TokenOwner } from '../services/tokens'

export type Principal = {
  user: typeof users.$inferSelect
  /** §4 effective role: what permissions are checked against. */
  role: Role | null
  tokenHash: string
  /** The admin acting as this user, when the token is an impostor token. */
  impostorOf: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
    /** The tenant context services take (the principal's scope); null without a valid token. */
    tenant: Tenant | null
    /** A token was sent but is unknown, expired or revoked. */
    tokenRejected: boolean
  }
  interface FastifyInstance {
    /** The tokens this process resolved (see services/token-cache.ts). */
    tokenCache: TokenCache
  }
  interface FastifyContextConfig {
    /** A write that never changes what a token resolves to (a points move): the token cache stays. */
    authNeutral?: boolean
    /** A file download: a link may open it with a download ticket instead of a token (issue 34). */
    download?: boolean
  }
}

/** Route option of the writes that leave tokens, users, franchises and stores alone. */
export const AUTH_NEUTRAL = { authNeutral: true } as const

/** The methods that may read the demo franchise; every other one meets its ids with a 404. */
const READ_METHODS = ['GET', 'HEAD']
const SAFE_METHODS = [...READ_METHODS, 'OPTIONS']

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  const q = request.query as Record<string, unknown> | undefined
  const fromQuery = q?.access_token ?? q?.token
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined
}

/** The ticket of a download link, on the routes that take one (GET only). */
function downloadTicketOf(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config?.download || !READ_METHODS.includes(request.method)) return undefined
  const ticket = (request.query as Record<string, unknown> | undefined)?.[DOWNLOAD_PARAM]
  return typeof ticket === 'string' && ticket ? ticket : undefined
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('principal', null)
    app.decorateRequest('tenant', null)
    app.decorateRequest('tokenRejected', false)
    const cache = new TokenCache()
    app.decorate('tokenCache', cache)
    // Other processes' changes arrive as notifications (src/server/db/sql/auth_changed_notify.sql);
    // until the channel is open, and whenever it drops, the cache keeps nothing.
    const stopListening = await app.database.listen(
      'auth_changed',
      () => cache.clear(),
      (live) => cache.setLive(live),
    )
    app.addHook('onClose', async () => stopListening())

    const signIn = (request: FastifyRequest, owner: TokenOwner | null) => {
      if (!owner) {
        request.tokenRejected = true
        return
      }
      const role = effectiveRole(owner.user)
      // The demo franchise is readable by every signed-in user, on reads only (issue 8).
      const scope = scopeFrom(
        role,
        owner.owned,
        owner.links,
        READ_METHODS.includes(request.method) ? owner.demo : undefined,
      )
      const tenant = tenantOf(owner.user, role, owner.impostorOf, scope)
      request.tenant = tenant
      // A public route (sign-up, a scan page) stays public with a token: it finds its rows by the
      // secret it was given, and writes rows of no franchise (a user's mail) that a tenant may not read.
      if (request.routeOptions.config?.access !== 'public') setRequestActor(dbActorOf(tenant))
      request.principal = {
        user: owner.user,
        role,
        tokenHash: owner.tokenHash,
        impostorOf: owner.impostorOf,
      }
    }
    // Callback hooks, and no promise at all when the token is in the cache: these two run on every
    // request (a points move spends a measurable part of its server time in hooks).
    // The whole request runs inside its database actor (db/tenant-context.ts): `public` until the
    // token is read, then the caller's.
    app.addHook('onRequest', (request, reply, done) => runRequest(() => authenticate(request, reply, done)))
    const authenticate = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
      const token = tokenOf(request)
      if (!token) {
        const ticket = downloadTicketOf(request)
        if (!ticket) return done()
        // A download link's ticket (services/downloads.ts) stands for its token, once.
        spendDownloadTicket(app.database.db, ticket)
          .then((tokenHash) => (tokenHash ? resolveTokenHash(app.database.db, tokenHash, cache) : null))
          .then(
            (owner) => {
              signIn(request, owner)
              done()
            },
            (err) => done(err),
          )
        return
      }
      // Hashed once: the cache and, on a miss, the database are both keyed by the hash.
      const tokenHash = hashToken(token)
      const cached = cachedToken(tokenHash, cache)
      if (cached) {
        signIn(request, cached)
        return done()
      }
      resolveTokenHash(app.database.db, tokenHash, cache).then(
        (owner) => {
          signIn(request, owner)
          done()
        },
        (err) => done(err),
      )
    }

    app.addHook('onSend', (request, reply, payload, done) => {
      const isWrite = !SAFE_METHODS.includes(request.method)
      // This process's own changes: the cache is dropped before the answer leaves, so that the
      // caller's next request (a logout, then a call with the old token) never meets what was kept
      // before; the notification would come a moment later. Points moves say they change none of it.
      if (isWrite && !request.routeOptions.config?.authNeutral) cache.clear()
      // Every write made through an impostor token is recorded with the admin behind it, before the
      // reply leaves: once the caller sees the answer, the audit entry exists.
      const p = request.principal
      if (!isWrite || !p?.impostorOf || reply.statusCode >= 400) return done(null, payload)
      franchiseIdsOf(app.database.db, p.user.id)
        .then(([franchiseId]) =>
          recordAudit(app.database.db, {
            franchiseId: franchiseId ?? null,
            userId: p.user.id,
            impostorOf: p.impostorOf,
            action: `${request.method} ${request.routeOptions.url ?? ''}`,
            target: scrubUrl(request.url),
            details: { statusCode: reply.statusCode },
          }),
        )
        .catch((err) => request.log.error({ err }, 'audit write failed'))
        .then(() => done(null, payload))
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
