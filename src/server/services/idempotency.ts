// Idempotency-Key handling for requests that move points or money. The key row is written inside
// the same transaction as the ledger change: a concurrent retry waits on the key's unique index and
// then finds the first answer; a failed first attempt rolls back and leaves the key free.
import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { AppError, badRequest } from '../errors'

export const IDEMPOTENCY_TTL_HOURS = 48

export type Replayable<T> = { statusCode: number; body: T; replayed: boolean }

export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route} ${JSON.stringify(body ?? null)}`)
    .digest('hex')
}

export function checkKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined
  if (!/^[\w.:-]{8,200}$/.test(key))
    throw badRequest(
      'IDEMPOTENCY_KEY_INVALID',
      'Idempotency-Key must be 8 to 200 letters, digits or . _ : -',
      { field: 'Idempotency-Key', in: 'headers' },
    )
  return key
}

/**
 * Runs `work` in one transaction. With a key: a repeat of the same request returns the stored
 * answer without running anything; the same key with another request is a 422.
 */
export async function runOnce<T>(
  db: Db,
  opts: { key: string | undefined; userId: string; hash: string; statusCode?: number },
  work: (tx: Tx) => Promise<T>,
): Promise<Replayable<T>> {
  const statusCode = opts.statusCode ?? 200
  return db.transaction(async (tx) => {
    if (opts.key) {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ key: opts.key, userId: opts.userId, requestHash: opts.hash, statusCode, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (!inserted.length) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, opts.key)))
        if (!first || first.requestHash !== opts.hash)
          throw new AppError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used for a different request',
          )
        return { statusCode: first.statusCode, body: first.response as T, replayed: true }
      }
    }
    const body = await work(tx)
    if (opts.key)
      await tx
        .update(idempotencyKeys)
        .set({ response: body as object })
        .where(and(eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, opts.key)))
    return { statusCode, body, replayed: false }
  })
}

export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600 * 1000)
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key })
  return rows.length
}
