// npm run sms:reply -- <phone> <text…> [--url http://localhost:3000] [--to <sender id>]
// Plays the SMS provider delivering a customer's reply: posts {from, to, text, receivedAt} to
// POST /webhooks/sms/inbound, signed with SMS_WEBHOOK_SECRET as the provider would (the same signature
// as every webhook, adapters/webhook-signature.ts). `npm run sms:reply -- +33612345678 STOP` opts that
// phone out of the franchise whose campaign SMS reached it last.
import { parseArgs } from 'node:util'
import { SIGNATURE_HEADER, signBody } from '../webhook-signature'

function fail(message: string): never {
  console.error(`sms:reply: ${message}`)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: {
      type: 'string',
      default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
    to: { type: 'string' },
  },
})
const [from, ...words] = positionals
const secret = process.env.SMS_WEBHOOK_SECRET
if (!from || !words.length) fail('usage: npm run sms:reply -- <phone> <text>, e.g. +33612345678 STOP')
if (!secret) fail('SMS_WEBHOOK_SECRET must be set, the same as the server’s')

const body = JSON.stringify({
  from,
  ...(values.to ? { to: values.to } : {}),
  text: words.join(' '),
  receivedAt: new Date().toISOString(),
})
try {
  const res = await fetch(`${values.url.replace(/\/$/, '')}/webhooks/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) },
    body,
  })
  const answer = await res.text()
  if (!res.ok) fail(`the server answered ${res.status}: ${answer}`)
  console.log(answer)
} catch (err) {
  fail(err instanceof Error ? err.message : String(err))
}
