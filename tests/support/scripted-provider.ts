// A JSON provider whose answers the test scripts per path (or a hang-up), recording every request:
// for HTTP adapters whose requests and error mapping are the point (payments, POS).
import type http from 'node:http'
import { beforeEach } from 'vitest'
import { localServer } from './local-server'

export type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown }
export type Reply = { status: number; body?: unknown } | 'hang-up'

/** Listens for the file; `replies` and `seen` are emptied before each test. Unscripted paths get 404. */
export function scriptedProvider() {
  const seen: Seen[] = []
  const replies: Record<string, Reply> = {}
  const local = localServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      })
      const reply = replies[new URL(req.url!, 'http://x').pathname] ?? {
        status: 404,
        body: { error: 'no route' },
      }
      if (reply === 'hang-up') return req.socket.destroy()
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body ?? {}))
    })
  })
  beforeEach(() => {
    seen.length = 0
    for (const path of Object.keys(replies)) delete replies[path]
  })
  return {
    seen,
    replies,
    get url() {
      return local.url
    },
  }
}
