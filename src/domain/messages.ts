// The messages a franchise sent its customers (issue 19, "Messages sent"): the SMS and pushes of the
// outbox, where the local adapters deliver and the HTTP ones record what the provider took. Shapes
// shared by the server (validation) and the browser (checked answers), and where a message came from.
import { array, enums, type Infer, nullable, number, optional, string, type } from 'superstruct'

/** The customers' channels (the outbox's e-mails are the product's own mail to merchants: not listed). */
export const MESSAGE_CHANNELS = ['sms', 'push'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

export const MESSAGE_PAGE_SIZES = [20, 50, 100] as const
export const MESSAGE_LIST_DEFAULTS = { page: 1, size: 20, search: '' } as const
export const MESSAGE_SEARCH_MAX = 100

/**
 * What sent a message: a campaign, an automated marketing's run (birthday, lost or new customer), a
 * points expiry reminder, the scan page's confirmation SMS, a one-time code, or something else.
 */
export const MESSAGE_ORIGINS = [
  'campaign',
  'automation',
  'pointsExpiry',
  'scanConfirmation',
  'phoneCode',
  'other',
] as const
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number]

/**
 * Where a message came from, read from its outbox dedupe key: `campaign:<campaignId>:<clientId>` for a
 * campaign's send (services/campaign-dispatch.ts), `automation:<automationId>:<clientId>:<occasion>`
 * for an automation's (automation-selection.ts), `expiry-reminder:<clientId>:<batch>` for a points
 * expiry reminder (expiry-run.ts), `scan:<transactionId>` for the scan confirmation and
 * `phone-code:<id>` for a one-time code (phone-codes.ts). `sourceId`: the campaign or automation.
 */
export function originOf(dedupeKey: string | null): { origin: MessageOrigin; sourceId: string | null } {
  const [kind, id] = (dedupeKey ?? '').split(':')
  if (kind === 'campaign' && id) return { origin: 'campaign', sourceId: id }
  if (kind === 'automation' && id) return { origin: 'automation', sourceId: id }
  if (kind === 'expiry-reminder') return { origin: 'pointsExpiry', sourceId: null }
  if (kind === 'scan') return { origin: 'scanConfirmation', sourceId: null }
  if (kind === 'phone-code') return { origin: 'phoneCode', sourceId: null }
  return { origin: 'other', sourceId: null }
}

/** How a masked one-time code reads: the owner sees that a code went, never which. */
export const MASKED_CODE = '••••••'

/**
 * The text the franchise's manager may read: a one-time code proves a customer's phone, so whoever
 * reads the outbox must not learn it (issue 34) — its digits are masked; other messages as sent.
 */
export function visibleBody(origin: MessageOrigin, body: string): string {
  return origin === 'phoneCode' ? body.replace(/\d{4,}/g, MASKED_CODE) : body
}

/** A choice of the "Sent by" filter: a campaign, an automation, or the points expiry reminders. */
export const MESSAGE_SOURCE_KINDS = ['campaign', 'automation', 'pointsExpiry'] as const
export const MessageSource = type({
  id: string(),
  name: string(),
  kind: optional(enums(MESSAGE_SOURCE_KINDS)),
})
export type MessageSource = Infer<typeof MessageSource>

export const MessageRow = type({
  id: string(),
  channel: enums(MESSAGE_CHANNELS),
  /**
   * An SMS's phone number; a push's client as the merchant knows them (name, else phone, else e-mail,
   * never the app's device or client id), null when that client is gone.
   */
  recipient: nullable(string()),
  /** An SMS's sender id, a push's title (the outbox's subject); null when there is none. */
  subject: nullable(string()),
  body: string(),
  origin: enums(MESSAGE_ORIGINS),
  /** The campaign, or the automation (origin automation, pointsExpiry), it came from. */
  campaign: nullable(type({ id: string(), name: string() })),
  /** The outbox's status: DELIVERED_LOCALLY (local adapter), SENT (taken by the provider), … */
  status: string(),
  createdAt: string(),
})
export type MessageRow = Infer<typeof MessageRow>

export const MessagePage = type({
  data: array(MessageRow),
  metadata: type({ page: number(), size: number(), total: number() }),
  /**
   * The filter's choices: the franchise's campaigns, newest first, then its automations and its points
   * expiry reminders (their runs are campaigns of their own, filtered together).
   */
  campaigns: array(MessageSource),
})
export type MessagePage = Infer<typeof MessagePage>
