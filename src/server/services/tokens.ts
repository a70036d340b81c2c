// Access tokens: 256 random bits handed to the client once; only their SHA-256 is stored, so the
// table alone cannot be used to sign in. Tokens expire and can be revoked.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/constants'
import type { Db } from '../db/client'
import { accessTokens, franchises, storeOwners, stores, users } from '../db/schema'
import type { TokenCache, TokenOwner } from './token-cache'

export type { TokenOwner }

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const newSecret = () => randomBytes(32).toString('base64url')

export type IssuedToken = { id: string; userId: string; ttl: number; created: string }

export async function issueToken(
  db: Db,
  userId: string,
  impostorOf: string | null = null,
): Promise<IssuedToken> {
  const token = newSecret()
  const created = new Date()
  await db.insert(accessTokens).values({
    tokenHash: hashToken(token),
    userId,
    impostorOf,
    createdAt: created,
    expiresAt: new Date(created.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
  })
  return { id: token, userId, ttl: ACCESS_TOKEN_TTL_SECONDS, created: created.toISOString() }
}

/**
 * The token lookup, built once per database and prepared (a named statement on PostgreSQL): every
 * request runs it, and building this select anew each time cost more CPU than running it.
 */
function tokenQuery(db: Db) {
  return db
    .select({
      impostorOf: accessTokens.impostorOf,
      expiresAt: accessTokens.expiresAt,
      user: users,
      owned: sql<
        string[]
      >`coalesce((select json_agg(${franchises.id}) from ${franchises} where ${franchises.userId} = ${users.id}), '[]'::json)`,
      links: sql<
        TokenOwner['links']
      >`coalesce((select json_agg(json_build_object('storeId', ${storeOwners.storeId}, 'franchiseId', ${storeOwners.franchiseId})) from ${storeOwners} where ${storeOwners.userId} = ${users.id}), '[]'::json)`,
      demoFranchiseIds: sql<
        string[]
      >`coalesce((select json_agg(d.id) from ${franchises} d where d.is_demo), '[]'::json)`,
      demoStoreIds: sql<
        string[]
      >`coalesce((select json_agg(s.id) from ${stores} s join ${franchises} d on d.id = s.franchise_id where d.is_demo), '[]'::json)`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('resolve_token')
}
const tokenQueries = new WeakMap<Db, ReturnType<typeof tokenQuery>>()

/** The token's owner if this process's cache has it: no promise, no query. */
export function cachedToken(tokenHash: string, cache: TokenCache): TokenOwner | undefined {
  return cache.get(tokenHash)
}

/**
 * The live token's user (by the token's hash), or null for an unknown, expired or revoked token; from
 * `cache` when it holds the token (see token-cache.ts for why that is exact).
 */
export async function resolveTokenHash(
  db: Db,
  tokenHash: string,
  cache?: TokenCache,
): Promise<TokenOwner | null> {
  const cached = cache?.get(tokenHash)
  if (cached) return cached
  const generation = cache?.begin() ?? 0
  let query = tokenQueries.get(db)
  if (!query) {
    query = tokenQuery(db)
    tokenQueries.set(db, query)
  }
  const [row] = await query.execute({ hash: tokenHash, now: new Date() })
  if (!row) return null
  const owner: TokenOwner = {
    tokenHash,
    impostorOf: row.impostorOf,
    expiresAt: row.expiresAt,
    user: row.user,
    owned: row.owned,
    links: row.links,
    demo: { franchiseIds: row.demoFranchiseIds, storeIds: row.demoStoreIds },
  }
  cache?.keep(tokenHash, owner, generation)
  return owner
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.tokenHash, tokenHash))
}

export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
}
