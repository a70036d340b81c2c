// The signatures of webhooks, one module for both directions. Incoming (the POS tills', the payments
// provider's, the SMS provider's inbound messages): `x-signature: <hex HMAC-SHA256 of the raw body>`,
// keyed with a shared secret; one implementation for the server (check), the simulators and tests
// (sign). Outgoing (issue 23, our own webhooks to merchants): the Standard Webhooks scheme through its
// maintained library (`standardwebhooks`), below.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

export const SIGNATURE_HEADER = 'x-signature'

export const signBody = (secret: string, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(rawBody).digest('hex')

/** Constant-time compare; a `sha256=` prefix (as some tills send) is accepted. */
export function isValidSignature(
  secret: string | undefined,
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (!secret || typeof header !== 'string') return false
  const given = Buffer.from(
    header
      .trim()
      .replace(/^sha256=/i, '')
      .toLowerCase(),
  )
  const expected = Buffer.from(signBody(secret, rawBody))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A new account secret: 256 random bits, hex. */
export const newWebhookSecret = () => randomBytes(32).toString('hex')

// ——— Outgoing: Standard Webhooks (https://www.standardwebhooks.com) ———

export const STANDARD_SECRET_PREFIX = 'whsec_'

/** An endpoint's secret: `whsec_` and 24 random bytes in base64, as the scheme's libraries expect. */
export const newStandardWebhookSecret = () => STANDARD_SECRET_PREFIX + randomBytes(24).toString('base64')

/**
 * The headers of one attempt: the message id receivers deduplicate on, the attempt's time (seconds)
 * and one `v1,<signature>` per secret, space-separated, so that a receiver holding either the new or
 * the previous secret during a rotation accepts the message.
 */
export function standardWebhookHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  }
}
