// A client's messages (issue 34): what the franchise's campaigns, automations and expiry reminders
// sent them, newest first, for their history. Read through the recipients' address index (the phone,
// or for a push the client's app address: their id), so a client's detail never scans the audiences.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { CLIENT_MESSAGES_SHOWN, type ClientDetail, clientMessageOrigin } from '../../domain/clients'
import type { MessageChannel } from '../../domain/messages'
import type { Db } from '../db/client'
import { campaignRecipients, campaigns } from '../db/schema'

export async function clientMessages(
  db: Db,
  c: { id: string; franchiseId: string; phone: string | null },
): Promise<ClientDetail['messages']> {
  const rows = await db
    .select({
      campaignId: campaigns.id,
      name: campaigns.name,
      type: campaigns.type,
      automationId: campaigns.automationId,
      channel: campaignRecipients.channel,
      status: campaignRecipients.status,
      sentAt: campaignRecipients.sentAt,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(
      and(
        inArray(campaignRecipients.address, c.phone ? [c.phone, c.id] : [c.id]),
        isNotNull(campaignRecipients.sentAt),
        eq(campaignRecipients.clientId, c.id),
        eq(campaignRecipients.franchiseId, c.franchiseId),
        eq(campaigns.franchiseId, c.franchiseId),
      ),
    )
    .orderBy(desc(campaignRecipients.sentAt))
    .limit(CLIENT_MESSAGES_SHOWN)
  return rows.map((r) => ({
    campaignId: r.campaignId,
    name: r.name,
    origin: clientMessageOrigin(r.type, r.automationId),
    channel: r.channel.toLowerCase() as MessageChannel,
    status: r.status,
    sentAt: r.sentAt!.toISOString(),
  }))
}
