// Download tickets (issue 34, src/domain/downloads.ts): issued to a signed-in caller, kept only as their
// SHA-256, and spent by the auth plugin as the caller's token on one download (a GET of a route marked
// `download`). One use: an address a proxy logged opens nothing afterwards.
import { and, eq, gt, lt } from 'drizzle-orm'
import { DOWNLOAD_TICKET_SECONDS } from '../../domain/downloads'
import type { Db } from '../db/client'
import { downloadTickets } from '../db/schema'
import { hashToken, newSecret } from './tokens'

export async function issueDownloadTicket(
  db: Db,
  tokenHash: string,
): Promise<{ ticket: string; expiresAt: Date }> {
  const now = new Date()
  const ticket = newSecret()
  const expiresAt = new Date(now.getTime() + DOWNLOAD_TICKET_SECONDS * 1000)
  // Expired tickets go as new ones come: the table holds about a minute of downloads.
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, now))
  await db.insert(downloadTickets).values({ ticketHash: hashToken(ticket), tokenHash, expiresAt })
  return { ticket, expiresAt }
}

/** Spends a live ticket: the token hash it stood for, or null (unknown, expired or spent). */
export async function spendDownloadTicket(db: Db, ticket: string): Promise<string | null> {
  const [row] = await db
    .delete(downloadTickets)
    .where(and(eq(downloadTickets.ticketHash, hashToken(ticket)), gt(downloadTickets.expiresAt, new Date())))
    .returning({ tokenHash: downloadTickets.tokenHash })
  return row?.tokenHash ?? null
}
