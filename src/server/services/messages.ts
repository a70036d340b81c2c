// The franchise's sent messages (issue 19, "Messages sent"): its SMS and pushes from the outbox, newest
// first, by channel, campaign and recipient. The campaign is read from the dedupe key the dispatch
// engine writes (`campaign:<id>:<client>`), so the outbox needs no column of its own for it.
import { and, count, desc, eq, ilike, inArray, like, type SQL } from 'drizzle-orm'
import {
  campaignKeyPrefix,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessagePage,
  originOf,
} from '../../domain/messages'
import type { Db } from '../db/client'
import { campaigns, outbox } from '../db/schema'
import { inScope, type Scope, scopedFranchise } from './scope'

export type MessageQuery = {
  page: number
  size: number
  search: string
  channel?: MessageChannel | undefined
  campaignId?: string | undefined
}

/** How many campaigns the filter offers (the newest). */
const CAMPAIGN_CHOICES = 200

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function listMessages(
  db: Db,
  scope: Scope,
  franchiseId: string,
  q: MessageQuery,
): Promise<MessagePage> {
  const franchise = await scopedFranchise(db, scope, franchiseId)
  const conditions: SQL[] = [
    inScope(scope, { franchiseId: outbox.franchiseId }),
    eq(outbox.franchiseId, franchise.id),
    q.channel ? eq(outbox.channel, q.channel) : inArray(outbox.channel, [...MESSAGE_CHANNELS]),
  ]
  if (q.campaignId) conditions.push(like(outbox.dedupeKey, `${campaignKeyPrefix(q.campaignId)}%`))
  if (q.search) conditions.push(ilike(outbox.recipient, `%${escapeLike(q.search)}%`))
  const where = and(...conditions)
  const campaignScope = and(
    inScope(scope, { franchiseId: campaigns.franchiseId }),
    eq(campaigns.franchiseId, franchise.id),
  )
  const [[total], rows, choices] = await Promise.all([
    db.select({ n: count() }).from(outbox).where(where),
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(campaignScope)
      .orderBy(desc(campaigns.createdAt))
      .limit(CAMPAIGN_CHOICES),
  ])
  const origins = rows.map((r) => originOf(r.dedupeKey))
  const wanted = [...new Set(origins.flatMap((o) => (o.campaignId ? [o.campaignId] : [])))]
  // Names of the page's campaigns, also those older than the filter's choices.
  const named = wanted.length
    ? await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(campaignScope, inArray(campaigns.id, wanted)))
    : []
  const names = new Map(named.map((c) => [c.id, c.name]))
  return {
    data: rows.map((r, i) => {
      const { origin, campaignId } = origins[i]!
      const name = campaignId ? names.get(campaignId) : undefined
      return {
        id: r.id,
        channel: r.channel as MessageChannel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        origin,
        campaign: campaignId && name !== undefined ? { id: campaignId, name } : null,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }
    }),
    metadata: { page: q.page, size: q.size, total: Number(total?.n ?? 0) },
    campaigns: choices,
  }
}
