// Issue 16 #2: the login limit could be bypassed with a forged X-Forwarded-For. The client's address
// (login, scan and opinion limits) comes from the forwarded header only when the peer is a configured
// proxy (TRUST_PROXY).
import { describe, expect, it } from 'vitest'
import { trustProxyOf } from '../../src/server/config'
import { startTestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const loginLimits = {
  perEmail: { max: 100, windowSeconds: 900 },
  perAddress: { max: 3, windowSeconds: 900 },
}

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes addresses, CIDR ranges and named ranges', () => {
    expect(trustProxyOf(undefined)).toBe(false)
    expect(trustProxyOf('off')).toBe(false)
    expect(trustProxyOf('loopback')).toEqual(['loopback'])
    // A hop count cannot tell a proxy from a client that forged enough entries.
    expect(() => trustProxyOf('1')).toThrow(/TRUST_PROXY/)
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1'])
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/)
    expect(() => trustProxyOf('10.0.0.1/40')).toThrow(/10.0.0.1\/40/)
    expect(() => trustProxyOf('proxy.local')).toThrow(/proxy.local/)
  })
})

describe.each(databaseKinds())('client address behind proxies (%s)', (kind) => {
  const attempt = (
    app: Awaited<ReturnType<typeof startTestApp>>['app'],
    n: number,
    opts: { forwardedFor?: string; from?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: opts.from ?? '127.0.0.1',
      headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
      payload: { email: `nobody-${n}@example.test`, password: 'wrong-password' },
    })

  it('issue 16 #2: with TRUST_PROXY off a forged X-Forwarded-For does not lift the lock-out', async () => {
    const t = await startTestApp(kind, { seed: true, config: { loginLimits } })
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(t.app, i)).statusCode).toBe(401)
      expect((await attempt(t.app, 3)).statusCode).toBe(429)
      const forged = await attempt(t.app, 4, { forwardedFor: '203.0.113.77' })
      expect(forged.statusCode).toBe(429)
      // A real sign-in from the locked-out address is refused too: the limit counts the address.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': '203.0.113.78' },
        payload: { email: 'owner@demo.test', password: 'demo-password' },
      })
      expect(res.statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })

  it('with TRUST_PROXY set, clients behind the proxy are told apart and other peers are not believed', async () => {
    const t = await startTestApp(kind, { seed: true, config: { loginLimits, trustProxy: ['127.0.0.1'] } })
    try {
      const client = { forwardedFor: '203.0.113.77' }
      for (let i = 0; i < 3; i++) expect((await attempt(t.app, i, client)).statusCode).toBe(401)
      expect((await attempt(t.app, 3, client)).statusCode).toBe(429)
      // Another customer behind the same proxy still signs in.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'x-forwarded-for': '203.0.113.78' },
        payload: { email: 'owner@demo.test', password: 'demo-password' },
      })
      expect(other.statusCode).toBe(200)
      // A peer that is not a configured proxy is counted by its own address, whatever it forwards.
      const stranger = { from: '198.51.100.9' }
      for (let i = 0; i < 3; i++)
        expect((await attempt(t.app, 10 + i, { ...stranger, forwardedFor: `192.0.2.${i}` })).statusCode).toBe(
          401,
        )
      expect((await attempt(t.app, 20, { ...stranger, forwardedFor: '192.0.2.99' })).statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })
})
