// The browser's call (src/api/client.ts): an aborted call never settles (its actor is gone), any other
// failure rejects with an ApiError; the token travels in the header alone, and a 401 tells the session.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError, call, onUnauthorized } from '../../src/api/client'
import { clearSession, writeKey } from '../../src/api/storage'

const settledWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), ms)),
  ])

// Port 9 (discard) on the loopback: refused at once on this machine, no server needed.
const NOWHERE = 'http://127.0.0.1:9/api/nothing'

describe('call', () => {
  it('never settles once its caller aborted it', async () => {
    const controller = new AbortController()
    const pending = call(NOWHERE, { anonymous: true, signal: controller.signal })
    controller.abort()
    expect(await settledWithin(pending, 300)).toBe('pending')
  })
  it('rejects with an ApiError when the request fails and nobody aborted it', async () => {
    // A refused connection is tried again after each of the retry delays (retry.ts, 3.75 s in all):
    // they elapse on the fake clock, each as soon as its attempt has failed for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const failing = call(NOWHERE, { anonymous: true, signal: new AbortController().signal })
      let settled = false
      failing.then(
        () => (settled = true),
        () => (settled = true),
      )
      while (!settled) {
        await new Promise((r) => setImmediate(r))
        await vi.advanceTimersToNextTimerAsync()
      }
      await expect(failing).rejects.toBeInstanceOf(ApiError)
      await expect(failing).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the token', () => {
  let server: Server
  let base = ''
  const seen: { url: string; authorization: string | undefined }[] = []
  let status = 200
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization })
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      res.end(JSON.stringify(status === 200 ? { ok: true } : { statusCode: status, code: 'UNAUTHORIZED' }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((r) => server.close(r)))
  afterEach(() => {
    seen.length = 0
    status = 200
    clearSession()
  })

  it('travels in the Authorization header alone, never in the address (issue 34)', async () => {
    writeKey('token', 'secret-token-123')
    await call(`${base}/api/things`, { query: { page: 2 } })
    expect(seen).toEqual([{ url: '/api/things?page=2', authorization: 'Bearer secret-token-123' }])
  })

  it('tells the subscribers of onUnauthorized when a signed-in call answers 401, not an anonymous one', async () => {
    const heard = vi.fn()
    const stop = onUnauthorized(heard)
    try {
      status = 401
      writeKey('token', 'revoked-token')
      await expect(call(`${base}/api/things`)).rejects.toMatchObject({ status: 401 })
      expect(heard).toHaveBeenCalledTimes(1)
      await expect(call(`${base}/api/users/login`, { anonymous: true })).rejects.toMatchObject({
        status: 401,
      })
      expect(heard).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })
})
