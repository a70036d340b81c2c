// Issue 37 §1: the browser's client sends a call again when a server process restarting behind the
// balancer resets the connection or the balancer answers 502/503/504, but only a call that is safe to
// repeat. A real HTTP server on 127.0.0.1 plays the restarting process.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ofetch } from 'ofetch'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, call } from '../../src/api/client'
import { isRepeatable, RETRY_DELAYS_MS, withRetries } from '../../src/api/retry'

/** Answers the scripted outcomes in turn: 'reset' drops the connection, a number is that status. */
let script: ('reset' | number)[] = []
let seen: { method: string; key: string | undefined }[] = []
let base = ''
const server = http.createServer((req, res) => {
  seen.push({ method: req.method ?? '', key: req.headers['idempotency-key'] as string | undefined })
  const next = script.shift() ?? 200
  if (next === 'reset') return req.socket.destroy()
  res.writeHead(next, { 'content-type': 'application/json', connection: 'close' })
  res.end(JSON.stringify(next === 200 ? { ok: true } : { code: `HTTP_${next}`, message: 'gateway' }))
})
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((r) => server.close(r)))
beforeEach(() => {
  script = []
  seen = []
})

const statusOf = (e: unknown) => {
  const s = (e as { status?: number }).status
  return s === undefined ? 0 : s
}
const waits: number[] = []
const noWait = async (ms: number) => {
  waits.push(ms)
}

describe('which calls are repeated', () => {
  it('reads, and writes carrying an Idempotency-Key, in any spelling', () => {
    expect(isRepeatable('GET')).toBe(true)
    expect(isRepeatable('POST', { 'Idempotency-Key': 'k' })).toBe(true)
    expect(isRepeatable('POST', { 'idempotency-key': 'k' })).toBe(true)
    expect(isRepeatable('POST')).toBe(false)
    expect(isRepeatable('DELETE', { authorization: 'Bearer x' })).toBe(false)
  })
})

describe('retries against a restarting server', () => {
  it('a read gets past a reset connection and a 503, waiting longer each time', async () => {
    script = ['reset', 503]
    waits.length = 0
    const answer = await withRetries(() => ofetch(`${base}/x`, { retry: 0 }), {
      repeatable: true,
      statusOf,
      wait: noWait,
    })
    expect(answer).toEqual({ ok: true })
    expect(seen).toHaveLength(3)
    expect(waits).toEqual([RETRY_DELAYS_MS[0], RETRY_DELAYS_MS[1]])
  })

  it('a keyed write is sent again with the same key', async () => {
    script = [502]
    await withRetries(
      () => ofetch(`${base}/x`, { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k1' }, retry: 0 }),
      { repeatable: true, statusOf, wait: noWait },
    )
    expect(seen).toEqual([
      { method: 'POST', key: 'k1' },
      { method: 'POST', key: 'k1' },
    ])
  })

  it('gives up after the last delay with the last failure', async () => {
    script = Array(RETRY_DELAYS_MS.length + 1).fill(503)
    await expect(
      withRetries(() => ofetch(`${base}/x`, { retry: 0 }), { repeatable: true, statusOf, wait: noWait }),
    ).rejects.toMatchObject({ status: 503 })
    expect(seen).toHaveLength(RETRY_DELAYS_MS.length + 1)
  })

  it('never repeats a refusal the application gave (400, 409, 500)', async () => {
    for (const status of [400, 409, 500]) {
      script = [status]
      seen = []
      await expect(
        withRetries(() => ofetch(`${base}/x`, { retry: 0 }), { repeatable: true, statusOf, wait: noWait }),
      ).rejects.toMatchObject({ status })
      expect(seen).toHaveLength(1)
    }
  })

  it("the app's client sends a write without a key once, however it fails", async () => {
    script = ['reset']
    const failed = await call<unknown>(`${base}/x`, { method: 'POST', body: {} }).catch((e: ApiError) => e)
    expect(failed).toBeInstanceOf(ApiError)
    expect((failed as ApiError).code).toBe('NETWORK_ERROR')
    script = [503]
    const refused = await call<unknown>(`${base}/x`, { method: 'POST', body: {} }).catch((e: ApiError) => e)
    expect((refused as ApiError).status).toBe(503)
    expect(seen).toHaveLength(2)
  })

  it("the app's client repeats a keyed write after a reset, with its key", async () => {
    script = ['reset']
    const answer = await call(`${base}/x`, { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k2' } })
    expect(answer).toEqual({ ok: true })
    expect(seen.map((s) => s.key)).toEqual(['k2', 'k2'])
  })
})
