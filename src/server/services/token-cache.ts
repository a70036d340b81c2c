// What a token resolves to (its user and that user's franchises and stores), kept in this process so
// that a request does not pay a database round trip for it: on this machine that round trip cost more
// than the rest of a points move (BENCHMARKS.md). It stays exact because:
// - the database notifies 'auth_changed' at the commit of any change to tokens, users, franchise
//   owners, store links or demo stores (src/server/db/sql/auth_changed_notify.sql), and every process
//   then drops its cache;
// - while that notification channel is down, nothing is kept (every request reads the database);
// - a lookup that started before a drop is not kept (the generation moved on meanwhile);
// - the process that made a change drops its cache itself before it answers (auth plugin);
// - an entry never outlives its token, nor TOKEN_CACHE_TTL_MS.
// Unknown tokens are never kept: a token issued a moment later must work at once.
import type { users } from '../db/schema'

/** What a token resolves to (services/tokens.ts reads it; the cache keeps it). */
export type TokenOwner = {
  tokenHash: string
  impostorOf: string | null
  expiresAt: Date
  user: typeof users.$inferSelect
  /** Franchises the user owns and the stores it is linked to, read with the token (one query). */
  owned: string[]
  links: { storeId: string; franchiseId: string }[]
  /** The demo franchises and their stores (readable by every signed-in user), same query. */
  demo: { franchiseIds: string[]; storeIds: string[] }
}

export const TOKEN_CACHE_TTL_MS = 60_000
export const TOKEN_CACHE_MAX = 10_000

type Entry = { owner: TokenOwner; until: number }

export class TokenCache {
  private readonly entries = new Map<string, Entry>()
  private generation = 0
  private live = false

  constructor(
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly max = TOKEN_CACHE_MAX,
  ) {}

  get(tokenHash: string, now = Date.now()): TokenOwner | undefined {
    const entry = this.entries.get(tokenHash)
    if (!entry) return undefined
    if (entry.until > now) return entry.owner
    this.entries.delete(tokenHash)
    return undefined
  }

  /** Call before reading the database; hand the result to `keep`. */
  begin(): number {
    return this.generation
  }

  keep(tokenHash: string, owner: TokenOwner, generation: number, now = Date.now()) {
    if (!this.live || generation !== this.generation) return
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(tokenHash, { owner, until: Math.min(now + this.ttlMs, owner.expiresAt.getTime()) })
  }

  /** Something a token resolves to changed: nothing kept so far may be used again. */
  clear() {
    this.generation++
    this.entries.clear()
  }

  /** Whether change notifications arrive; without them nothing is kept. */
  setLive(live: boolean) {
    this.live = live
    this.clear()
  }

  get size() {
    return this.entries.size
  }
}
