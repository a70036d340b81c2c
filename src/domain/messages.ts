// The messages a franchise sent its customers (issue 19, "Messages sent"): the SMS and pushes of the
// outbox, where the local adapters deliver and the HTTP ones record what the provider took. Shapes
// shared by the server (validation) and the browser (checked answers), and where a message came from.
import { array, enums, type Infer, nullable, number, string, type } from 'superstruct'

/** The customers' channels (the outbox's e-mails are the product's own mail to merchants: not listed). */
export const MESSAGE_CHANNELS = ['sms', 'push'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

export const MESSAGE_PAGE_SIZES = [20, 50, 100] as const
export const MESSAGE_LIST_DEFAULTS = { page: 1, size: 20, search: '' } as const
export const MESSAGE_SEARCH_MAX = 100

/** What sent a message: a campaign, the scan page's confirmation SMS, or something else the product sends. */
export const MESSAGE_ORIGINS = ['campaign', 'scanConfirmation', 'other'] as const
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number]

/**
 * Where a message came from, read from its outbox dedupe key: `campaign:<campaignId>:<clientId>` for a
 * campaign's send (services/campaign-dispatch.ts), `scan:<transactionId>` for the scan confirmation.
 */
export function originOf(dedupeKey: string | null): { origin: MessageOrigin; campaignId: string | null } {
  const [kind, id] = (dedupeKey ?? '').split(':')
  if (kind === 'campaign' && id) return { origin: 'campaign', campaignId: id }
  if (kind === 'scan') return { origin: 'scanConfirmation', campaignId: null }
  return { origin: 'other', campaignId: null }
}

/** The dedupe keys of one campaign's messages start with this (a LIKE prefix: ids hold no wildcard). */
export const campaignKeyPrefix = (campaignId: string) => `campaign:${campaignId}:`

export const MessageRow = type({
  id: string(),
  channel: enums(MESSAGE_CHANNELS),
  recipient: string(),
  /** An SMS's sender id, a push's title (the outbox's subject); null when there is none. */
  subject: nullable(string()),
  body: string(),
  origin: enums(MESSAGE_ORIGINS),
  campaign: nullable(type({ id: string(), name: string() })),
  /** The outbox's status: DELIVERED_LOCALLY (local adapter), SENT (taken by the provider), … */
  status: string(),
  createdAt: string(),
})
export type MessageRow = Infer<typeof MessageRow>

export const MessagePage = type({
  data: array(MessageRow),
  metadata: type({ page: number(), size: number(), total: number() }),
  /** The franchise's campaigns, newest first, for the campaign filter. */
  campaigns: array(type({ id: string(), name: string() })),
})
export type MessagePage = Infer<typeof MessagePage>
