// Vonage's SMS API on 127.0.0.1, answering as its API reference documents: POST /sms/json with the
// API key and secret (Basic auth, as the SDK sends them, or api_key/api_secret fields), answering 200
// {"message-count", messages: [{to, "message-id", status: "0", "remaining-balance", "message-price",
// network, "client-ref"}]} or a message with a non-zero status and "error-text" (6 unroutable, 1
// throttled…). It signs delivery receipts and inbound messages as Vonage's signed webhooks do: `sig`,
// the hex HMAC (here SHA-256) of "&key=value" for each field sorted by name (& and = in values as _).
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { Accepted, FakeProvider } from './fake-provider'
import { closeLocal, listenLocal } from './local-server'

export const VONAGE_KEY = 'abcd1234'
export const VONAGE_SECRET = 'vonage-test-secret'
export const VONAGE_SIGNATURE_SECRET = 'vonage-signature-secret'

export type FakeVonage = FakeProvider & {
  /** Numbers answered with status 6 ("The message was not processed: unroutable"). */
  unroutable: Set<string>
  /** Outcomes forced on the next POSTs: '1' throttled, '500' an HTTP 500, 'hang' accepted unanswered. */
  script: ('500' | 'hang' | '1')[]
}

/** The `sig` field of signed webhook fields (SHA-256 HMAC). */
export function vonageSig(secret: string, fields: Record<string, string>) {
  const signed = Object.keys(fields)
    .filter((k) => k !== 'sig')
    .sort()
    .map((k) => `&${k}=${fields[k]!.replace(/[&=]/g, '_')}`)
    .join('')
  return createHmac('sha256', secret).update(signed).digest('hex')
}

export async function startFakeVonage(): Promise<FakeVonage> {
  const p: FakeVonage = {
    url: '',
    accepted: [],
    posts: 0,
    failures: { error500: 0, hang: 0 },
    script: [],
    unroutable: new Set(),
    count: (key) => p.accepted.filter((a) => a.key === key).length,
    close: () => closeLocal(server),
  }
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const body: Record<string, string> = String(req.headers['content-type']).includes('json')
        ? JSON.parse(raw || '{}')
        : Object.fromEntries(new URLSearchParams(raw))
      const basic = `Basic ${Buffer.from(`${VONAGE_KEY}:${VONAGE_SECRET}`).toString('base64')}`
      const authed =
        req.headers.authorization === basic ||
        (body.api_key === VONAGE_KEY && body.api_secret === VONAGE_SECRET)
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/sms/json')
        return answer(res, 404, {
          type: 'https://developer.vonage.com/api-errors#not-found',
          title: 'Not Found',
        })
      p.posts++
      const one = (m: Record<string, string>) => answer(res, 200, { 'message-count': '1', messages: [m] })
      if (!authed) return one({ status: '4', 'error-text': 'Bad Credentials' })
      const forced = (p.script as string[]).shift()
      if (forced === '500') return answer(res, 500, {})
      if (forced === '1')
        return one({ status: '1', 'error-text': 'Throughput Rate Exceeded - please wait [ 1000 ] and retry' })
      if (!body.to || !body.from || !body.text) return one({ status: '2', 'error-text': 'Missing to param' })
      if (p.unroutable.has(body.to))
        return one({ status: '6', 'error-text': 'The message was not processed: unroutable' })
      const accepted: Accepted = {
        id: randomBytes(9).toString('hex').toUpperCase(),
        key: body['client-ref'] ?? null,
        body,
        at: Date.now(),
      }
      p.accepted.push(accepted)
      if (forced === 'hang') return
      one({
        to: body.to,
        'message-id': accepted.id,
        status: '0',
        'remaining-balance': '3.14159265',
        'message-price': '0.03330000',
        network: '20801',
        ...(body['client-ref'] ? { 'client-ref': body['client-ref'] } : {}),
      })
    })
  })
  p.url = await listenLocal(server)
  return p
}
