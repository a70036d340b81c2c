// Twilio's Messages API (2010-04-01) on 127.0.0.1, answering as its API reference documents: Basic auth
// with the account SID and auth token; POST .../Messages.json (form) answers 201 with the Message
// resource; GET .../Messages.json?To= lists them newest first, paged; errors are
// {code, message, more_info, status} (21211 invalid 'To', 20429 with Retry-After, 20500). It keeps the
// record Twilio keeps (one entry per accepted message, `key` = its To), and signs status callbacks
// and inbound messages as Twilio does (X-Twilio-Signature: base64 HMAC-SHA1 of the URL followed by
// each POST field name and value, sorted by name, keyed by the auth token).
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { Accepted, FakeProvider } from './fake-provider'
import { closeLocal, listenLocal } from './local-server'

import { TWILIO_SID, TWILIO_TOKEN } from './twilio-account'

export { TWILIO_SID, TWILIO_TOKEN }

export type FakeTwilio = FakeProvider & {
  /** Numbers answered with 21211, as Twilio does for a 'To' that is not a phone number. */
  invalid: Set<string>
  /** Outcomes forced on the next POSTs ('429' answers with Retry-After: 7). */
  script: ('500' | 'hang' | '429')[]
  /** The StatusCallback each message asked for. */
  callbacks: Map<string, string>
  /** Awaited after a message is accepted and before it is answered (a status callback that outruns it). */
  beforeAnswer?: ((accepted: Accepted) => Promise<void>) | undefined
}

/** X-Twilio-Signature of a POST to `url` with these form fields. */
export function twilioSignature(token: string, url: string, fields: Record<string, string>) {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, k) => acc + k + fields[k], url)
  return createHmac('sha1', token).update(Buffer.from(data, 'utf-8')).digest('base64')
}

const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000')

export async function startFakeTwilio(options: { seed?: number } = {}): Promise<FakeTwilio> {
  let state = options.seed ?? 1
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const base = `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`
  const p: FakeTwilio = {
    url: '',
    accepted: [],
    posts: 0,
    failures: { error500: 0, hang: 0 },
    script: [],
    invalid: new Set(),
    callbacks: new Map(),
    count: (key) => p.accepted.filter((a) => a.key === key).length,
    close: () => closeLocal(server),
  }
  const error = (res: http.ServerResponse, status: number, code: number, message: string, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(
      JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
    )
  }
  const resource = (a: Accepted) => ({
    account_sid: TWILIO_SID,
    api_version: '2010-04-01',
    body: a.body.Body,
    date_created: rfc2822(a.at),
    date_sent: null,
    date_updated: rfc2822(a.at),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: a.body.From ?? null,
    messaging_service_sid: a.body.MessagingServiceSid ?? null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: a.id,
    status: a.body.MessagingServiceSid ? 'accepted' : 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${TWILIO_SID}/Messages/${a.id}/Media.json` },
    to: a.body.To,
    uri: `/2010-04-01/Accounts/${TWILIO_SID}/Messages/${a.id}.json`,
  })
  const server = http.createServer((req, res) => {
    const auth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`
    if (req.headers.authorization !== auth) return error(res, 401, 20003, 'Authenticate')
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname !== base) return error(res, 404, 20404, 'The requested resource was not found')
    if (req.method === 'GET') {
      const to = url.searchParams.get('To')
      const size = Number(url.searchParams.get('PageSize') ?? 50)
      const messages = p.accepted
        .filter((a) => !to || a.body.To === to)
        .reverse()
        .slice(0, size)
        .map(resource)
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(
        JSON.stringify({
          messages,
          end: messages.length - 1,
          first_page_uri: `${base}?${url.searchParams}&Page=0`,
          next_page_uri: null,
          page: 0,
          page_size: size,
          previous_page_uri: null,
          start: 0,
          uri: `${base}?${url.searchParams}`,
        }),
      )
    }
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', async () => {
      p.posts++
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const forced = (p.script as string[]).shift()
      if (forced === '429') return error(res, 429, 20429, 'Too Many Requests', { 'retry-after': '7' })
      if (forced === '500' || (!forced && random() < p.failures.error500))
        return error(res, 500, 20500, 'Internal Server Error')
      if (!body.To || p.invalid.has(body.To))
        return error(res, 400, 21211, `The 'To' number ${body.To ?? ''} is not a valid phone number.`)
      if (!body.From && !body.MessagingServiceSid)
        return error(res, 400, 21603, "The 'From' phone number is required.")
      const accepted: Accepted = {
        id: `SM${randomBytes(16).toString('hex')}`,
        key: body.To,
        body,
        at: Date.now(),
      }
      p.accepted.push(accepted)
      if (body.StatusCallback) p.callbacks.set(accepted.id, body.StatusCallback)
      if (forced === 'hang' || (!forced && random() < p.failures.hang)) return
      await p.beforeAnswer?.(accepted)
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify(resource(accepted)))
    })
  })
  p.url = await listenLocal(server)
  return p
}
