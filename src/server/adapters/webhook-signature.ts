// The signature every signed webhook carries (the POS tills', the payments provider's, the SMS
// provider's inbound messages): `x-signature: <hex HMAC-SHA256 of the raw body>`, keyed with a shared
// secret. One implementation for the server (check), the simulators and tests (sign).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

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
