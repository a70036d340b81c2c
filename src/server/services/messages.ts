// The franchise's sent messages (issue 19, "Messages sent"): its SMS and pushes from the outbox, newest
// first, by channel, campaign (or automation) and recipient. Where a message came from is read from the
// dedupe key its sender wrote (domain/messages.ts originOf), so the outbox needs no column of its own.
// The campaign filter goes through the campaign's recipients, whose keys are the outbox's: a campaign's
// `campaign:<id>:<client>`, an automation run's `automation:…` and a reminder's `expiry-reminder:…`
// (issue 34: filtering by keys of the first form only found nothing for automations).
// A push's outbox recipient is the client's id (the app's address, campaign-audience.ts): the row names
// that client instead, as a merchant knows them (issue 34: the list showed a UUID as the recipient).
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { ERASED_MARK } from '../../domain/gdpr'
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessagePage,
  type MessageSource,
  originOf,
  visibleBody,
} from '../../domain/messages'
import { clientName } from '../../domain/opinions'
import type { Db } from '../db/client'
import {
  automatedMarketings,
  campaignRecipients,
  campaigns,
  clients,
  outbox,
  pointsExpirySettings,
} from '../db/schema'
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

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'

/**
 * The client a push went to, in its own franchise: the recipient cast to a uuid only when it is one (a
 * provider's device token is not), so the join uses the clients' primary key.
 */
const pushClient = and(
  eq(outbox.channel, 'push'),
  eq(clients.franchiseId, outbox.franchiseId),
  sql`${clients.id} = case when ${outbox.recipient} ~ ${UUID} then ${outbox.recipient}::uuid end`,
)

/** How a push's recipient reads: the client's name, else their phone (as an SMS row), else e-mail. */
function pushRecipient(c: {
  firstName: string | null
  lastName: string | null
  phone: string | null
  email: string | null
}) {
  return clientName(c.firstName, c.lastName) ?? c.phone ?? c.email ?? null
}

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
  if (q.campaignId) conditions.push(sentBy(franchise.id, q.campaignId))
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`
    // A row is found by what it shows: an SMS by its number, a push by its client's name, phone or
    // e-mail (never by the id it went to).
    conditions.push(
      or(
        and(ne(outbox.channel, 'push'), ilike(outbox.recipient, pattern)),
        ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
        ilike(clients.phone, pattern),
        ilike(clients.email, pattern),
      )!,
    )
  }
  const where = and(...conditions)
  const campaignScope = and(
    inScope(scope, { franchiseId: campaigns.franchiseId }),
    eq(campaigns.franchiseId, franchise.id),
  )
  const [[total], rows, choices] = await Promise.all([
    db.select({ n: count() }).from(outbox).leftJoin(clients, pushClient).where(where),
    db
      .select({
        outbox,
        client: {
          firstName: clients.firstName,
          lastName: clients.lastName,
          phone: clients.phone,
          email: clients.email,
        },
      })
      .from(outbox)
      .leftJoin(clients, pushClient)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      // An automation's runs are offered once, as the automation (below).
      .where(and(campaignScope, isNull(campaigns.automationId)))
      .orderBy(desc(campaigns.createdAt))
      .limit(CAMPAIGN_CHOICES),
  ])
  const automations = await automationSources(db, franchise.id)
  const origins = rows.map((r) => originOf(r.outbox.dedupeKey))
  const wanted = [
    ...new Set(origins.flatMap((o) => (o.origin === 'campaign' && o.sourceId ? [o.sourceId] : []))),
  ]
  // Names of the page's campaigns, also those older than the filter's choices.
  const named = wanted.length
    ? await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(campaignScope, inArray(campaigns.id, wanted)))
    : []
  const names = new Map([...named, ...automations].map((c) => [c.id, c.name]))
  const expiry = automations.find((a) => a.kind === 'pointsExpiry')
  return {
    data: rows.map(({ outbox: r, client }, i) => {
      const { origin, sourceId } = origins[i]!
      const id = origin === 'pointsExpiry' ? (expiry?.id ?? null) : sourceId
      const name = id ? names.get(id) : undefined
      return {
        id: r.id,
        channel: r.channel as MessageChannel,
        // Never a push's device or client id: the client, or none when it is gone (deleted, or erased:
        // the erasure leaves only its mark in the outbox).
        recipient:
          r.recipient === ERASED_MARK
            ? null
            : r.channel === 'push'
              ? client
                ? pushRecipient(client)
                : null
              : r.recipient,
        subject: r.subject,
        body: visibleBody(origin, r.body),
        origin,
        campaign: id && name !== undefined ? { id, name } : null,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }
    }),
    metadata: { page: q.page, size: q.size, total: Number(total?.n ?? 0) },
    campaigns: [...choices.map((c) => ({ ...c, kind: 'campaign' as const })), ...automations],
  }
}

/**
 * The outbox rows sent for a campaign, or for every run of an automation or of the points expiry
 * reminders (`id` is then their campaigns' automation_id): their recipients' keys, the campaign's own
 * when the recipient has none.
 */
function sentBy(franchiseId: string, id: string): SQL {
  return sql`${outbox.dedupeKey} in (select coalesce(r.dedupe_key, 'campaign:' || r.campaign_id || ':' || r.client_id)
    from ${campaignRecipients} r join ${campaigns} c on c.id = r.campaign_id
    where c.franchise_id = ${franchiseId} and r.franchise_id = ${franchiseId}
      and (c.id = ${id} or c.automation_id = ${id}))`
}

/** The franchise's automations and points expiry reminders that ran at least once, as filter choices. */
async function automationSources(db: Db, franchiseId: string): Promise<MessageSource[]> {
  const ran = sql`exists (select 1 from ${campaigns} c where c.franchise_id = ${franchiseId} and c.automation_id = `
  const [autos, expiry] = await Promise.all([
    db
      .select({ id: automatedMarketings.id, name: automatedMarketings.title })
      .from(automatedMarketings)
      .where(and(eq(automatedMarketings.franchiseId, franchiseId), sql`${ran}${automatedMarketings.id})`))
      .orderBy(automatedMarketings.type),
    db
      .select({ id: pointsExpirySettings.id })
      .from(pointsExpirySettings)
      .where(and(eq(pointsExpirySettings.franchiseId, franchiseId), sql`${ran}${pointsExpirySettings.id})`)),
  ])
  return [
    ...autos.map((a) => ({ ...a, kind: 'automation' as const })),
    // Named by the screen in its language; the reminder campaigns' own names carry their day.
    ...expiry.map((e) => ({ id: e.id, name: 'Points expiry', kind: 'pointsExpiry' as const })),
  ]
}
