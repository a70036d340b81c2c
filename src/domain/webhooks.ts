// Outgoing signed webhooks (issue 23): the events a franchise may subscribe an endpoint to, the
// endpoint's input, the retry schedule of a delivery and the shapes the routes answer. Shared by the
// browser (the endpoint form, the delivery log) and the server (routes, services, the delivery job).
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type,
} from 'superstruct'
import { Id } from './ids'

/** What an endpoint may subscribe to. Payloads carry ids and figures, never personal fields. */
export const WEBHOOK_EVENTS = [
  'client.created',
  'points.moved',
  'reward.redeemed',
  'campaign.finished',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** The "send test event" button's event: sent to one endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** PENDING: not tried yet; RETRYING: failed, tried again at nextAttemptAt; SENDING: being sent now. */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const WEBHOOK_URL_MAX = 2048
/** Endpoints per franchise: enough for a few systems, few enough that one event stays cheap to fan out. */
export const WEBHOOK_ENDPOINTS_MAX = 10

// ——— Retry schedule ———

/** A delivery is retried with exponential backoff until this long after its event, then FAILED. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
/** The wait after the first failure; each next one is RETRY_FACTOR times longer (30 s, 2 min, 8 min …). */
export const RETRY_FIRST_DELAY_MS = 30_000
export const RETRY_FACTOR = 4
/** After a rotation the previous secret keeps signing (next to the new one) this long. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000

/**
 * When to try again after `attempts` failed attempts of an event created at `createdAt`: the
 * exponential wait, the last attempt landing on the end of the 24 h window; null when the window is
 * over (the delivery is FAILED).
 */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS
  if (now.getTime() >= deadline) return null
  const wait = RETRY_FIRST_DELAY_MS * RETRY_FACTOR ** Math.max(0, attempts - 1)
  return new Date(Math.min(now.getTime() + wait, deadline))
}

// ——— Endpoint URL ———

export type WebhookUrlProblem = 'WEBHOOK_URL_INVALID' | 'WEBHOOK_URL_NOT_HTTPS' | 'WEBHOOK_URL_PRIVATE'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
export const isLoopbackHost = (hostname: string) =>
  LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname)

/**
 * What is wrong with an endpoint URL's shape: not an absolute http(s) URL, credentials in it, or not
 * https (plain http only to this machine, when the server allows it for development). Whether its
 * address is private is the server's check (adapters/webhooks), at save and at every delivery.
 */
export function webhookUrlProblem(value: string, allowHttpLoopback: boolean): WebhookUrlProblem | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'WEBHOOK_URL_INVALID'
  }
  if (url.username || url.password || !url.hostname) return 'WEBHOOK_URL_INVALID'
  if (url.protocol === 'https:') return null
  if (url.protocol !== 'http:') return 'WEBHOOK_URL_INVALID'
  return allowHttpLoopback && isLoopbackHost(url.hostname) ? null : 'WEBHOOK_URL_NOT_HTTPS'
}

// ——— Requests ———

const EventList = size(array(enums(WEBHOOK_EVENTS)), 1, WEBHOOK_EVENTS.length)
const Url = size(string(), 1, WEBHOOK_URL_MAX)
const Description = size(string(), 0, 200)

export const WebhookEndpointCreate = object({
  url: Url,
  description: optional(Description),
  events: EventList,
})
export type WebhookEndpointCreate = Infer<typeof WebhookEndpointCreate>

export const WebhookEndpointPatch = refine(
  object({
    url: optional(Url),
    description: optional(Description),
    events: optional(EventList),
    enabled: optional(boolean()),
  }),
  'nonEmpty',
  (value) => Object.keys(value).length > 0 || 'Nothing to change',
)
export type WebhookEndpointPatch = Infer<typeof WebhookEndpointPatch>

export const FranchiseParams = object({ fid: Id })

// ——— Responses ———

export const WebhookEndpointResponse = type({
  id: string(),
  franchiseId: string(),
  url: string(),
  description: string(),
  events: array(enums(WEBHOOK_EVENTS)),
  enabled: boolean(),
  /** The secret's first characters, to tell which one a receiver holds (never the secret). */
  secretHint: string(),
  /** Set after a rotation: until then the previous secret signs too. */
  previousSecretExpiresAt: nullable(string()),
  createdAt: string(),
})
export type WebhookEndpoint = Infer<typeof WebhookEndpointResponse>

export const WebhookEndpointListResponse = type({ data: array(WebhookEndpointResponse) })

/** Creation and rotation: the only answers that carry the secret, shown once. */
export const WebhookSecretResponse = type({ endpoint: WebhookEndpointResponse, secret: string() })
export type WebhookSecretResponse = Infer<typeof WebhookSecretResponse>

export const WebhookDeliveryResponse = type({
  id: string(),
  eventId: string(),
  eventType: string(),
  status: enums(DELIVERY_STATUSES),
  attempts: integer(),
  responseStatus: nullable(integer()),
  durationMs: nullable(number()),
  error: nullable(string()),
  nextAttemptAt: nullable(string()),
  lastAttemptAt: nullable(string()),
  createdAt: string(),
})
export type WebhookDelivery = Infer<typeof WebhookDeliveryResponse>

export const WebhookDeliveryListResponse = type({ data: array(WebhookDeliveryResponse), total: integer() })
export type WebhookDeliveryList = Infer<typeof WebhookDeliveryListResponse>

export const WebhookTestResponse = type({ delivery: WebhookDeliveryResponse })

export const WebhookDeletedResponse = type({ deleted: literal(true) })

/** A delivery is still moving: the log refreshes while one is. */
export const isDeliveryOpen = (status: DeliveryStatus) => status !== 'SUCCEEDED' && status !== 'FAILED'

// ——— A delivery's outcome, in words ———

/**
 * The message key (and its values) that says why a delivery got no answer, from the sender's error
 * word or the socket's code (issue 34: the log showed a bare `ENOTFOUND`). Null: nothing to say.
 */
export function deliveryErrorMessage(error: string | null): { id: string; values: { code: string } } | null {
  if (!error) return null
  const code = error
  const id = (() => {
    if (/^HTTP \d+$/.test(error)) return 'webhooks.outcome.httpError'
    if (error === 'timeout' || error === 'ETIMEDOUT') return 'webhooks.outcome.timeout'
    if (error === 'ENOTFOUND' || error === 'EAI_AGAIN') return 'webhooks.outcome.hostNotFound'
    if (error === 'ECONNREFUSED') return 'webhooks.outcome.connectionRefused'
    if (error === 'connection lost' || error === 'ECONNRESET' || error === 'EPIPE')
      return 'webhooks.outcome.connectionLost'
    if (error === 'https required' || error === 'unsupported scheme') return 'webhooks.outcome.httpsRequired'
    if (error === 'refused address') return 'webhooks.outcome.privateAddress'
    if (/CERT|SSL|TLS/.test(error)) return 'webhooks.outcome.certificate'
    return 'webhooks.outcome.failed'
  })()
  return { id, values: { code } }
}
