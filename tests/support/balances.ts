// A client's balance lives in client_balances (migration 0018), created empty with the client by a
// trigger (src/server/db/sql/client_balances_insert.sql): tests that need a client with points, or read
// a balance, go through these.
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { clientBalances, clients } from '../../src/server/db/schema'

type Balance = { points?: number; totalCollectedPoints?: number; redeemedOffersCount?: number }

export async function setBalance(db: Db, clientId: string, balance: Balance) {
  await db.update(clientBalances).set(balance).where(eq(clientBalances.clientId, clientId))
}

export async function balanceOf(db: Db, clientId: string) {
  const [b] = await db.select().from(clientBalances).where(eq(clientBalances.clientId, clientId))
  if (!b) throw new Error(`no balance row for client ${clientId}`)
  return b
}

/** A client row with a balance (points without ledger rows: add them where the test needs them). */
export async function insertClient(db: Db, values: typeof clients.$inferInsert & Balance) {
  const { points, totalCollectedPoints, redeemedOffersCount, ...row } = values
  const [c] = await db.insert(clients).values(row).returning()
  const balance = { points, totalCollectedPoints, redeemedOffersCount }
  if (Object.values(balance).some((v) => v !== undefined)) await setBalance(db, c!.id, balance)
  return c!
}
