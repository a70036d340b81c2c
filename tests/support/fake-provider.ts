// A message provider (SMS or push) on 127.0.0.1, as the HTTP adapters expect one (adapters/messaging.ts):
// it keeps the record a real provider keeps — which messages it accepted, under which Idempotency-Key —
// and can fail on purpose: answer 500 before accepting, or accept and never answer (the reply lost).
import http from 'node:http'
import { closeLocal, listenLocal } from './local-server'

export type Accepted = { id: string; key: string | null; body: Record<string, unknown>; at: number }

export type FakeProvider = {
  url: string
  /** Every message accepted, one per key (a repeat of a key is answered with the first one's id). */
  accepted: Accepted[]
  /** POSTs received, repeats and failures included. */
  posts: number
  /** The failures to inject, each a probability drawn from a seeded generator. */
  failures: { error500: number; hang: number }
  /** Outcomes forced on the next POSTs, in order, before any drawn one. */
  script: ('500' | 'hang')[]
  /** How many messages a key was accepted under (always 0 or 1 unless the provider is broken). */
  count(key: string): number
  close(): Promise<void>
}

export async function startFakeProvider(
  options: { seed?: number; bearer?: string } = {},
): Promise<FakeProvider> {
  let state = options.seed ?? 1
  // mulberry32: a small seeded generator, so that a failing run can be replayed.
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const byKey = new Map<string, Accepted>()
  const p: FakeProvider = {
    url: '',
    accepted: [],
    posts: 0,
    failures: { error500: 0, hang: 0 },
    script: [],
    count: (key) => p.accepted.filter((a) => a.key === key).length,
    close: async () => {
      await closeLocal(server)
    },
  }
  const reply = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const server = http.createServer((req, res) => {
    if (options.bearer && req.headers.authorization !== `Bearer ${options.bearer}`)
      return reply(res, 401, { error: 'bad key' })
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const byKeyMatch = /^\/v1\/messages\/by-key\/(.+)$/.exec(path)
    if (req.method === 'GET' && byKeyMatch) {
      const found = byKey.get(decodeURIComponent(byKeyMatch[1]!))
      return found ? reply(res, 200, { id: found.id }) : reply(res, 404, { error: 'unknown key' })
    }
    // What a recipient was sent, newest first (providers list messages by recipient, e.g. Twilio's
    // `GET Messages?To=`): the e2e journeys read a customer's SMS here, as the customer's phone would.
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')
    if (req.method === 'GET' && path === '/v1/messages' && to)
      return reply(res, 200, {
        data: p.accepted
          .filter((a) => a.body.to === to)
          .reverse()
          .map((a) => ({ id: a.id, ...a.body })),
      })
    if (req.method !== 'POST' || path !== '/v1/messages') return reply(res, 404, { error: 'no route' })
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      p.posts++
      const forced = p.script.shift()
      if (forced === '500' || (!forced && random() < p.failures.error500))
        return reply(res, 500, { error: 'provider down' })
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
      const first = key ? byKey.get(key) : undefined
      if (first) return reply(res, 200, { id: first.id })
      const accepted: Accepted = {
        id: `msg_${p.accepted.length + 1}`,
        key,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
        at: Date.now(),
      }
      p.accepted.push(accepted)
      if (key) byKey.set(key, accepted)
      // Accepted, but the answer never comes back: the sender must not take it for a failure to send.
      if (forced === 'hang' || (!forced && random() < p.failures.hang)) return
      reply(res, 200, { id: accepted.id })
    })
  })
  p.url = `${await listenLocal(server)}/v1/messages`
  return p
}
