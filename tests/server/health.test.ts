import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { object, size, string } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from '../../src/server/errors'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('server foundation on %s', (kind) => {
  let t: TestApp
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'static-'))
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>')

  beforeAll(async () => {
    t = await startTestApp(kind, {
      config: { staticDir },
      extend(app) {
        app.post('/api/test/echo', async (req) => parse(object({ name: size(string(), 2, 20) }), req.body))
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail')
        })
      },
    })
  })
  afterAll(() => t.close())

  it('answers the health route with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: kind })
  })

  it('sends security headers on every reply', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    // Helmet's whole set, computed once at start, on errors too (a 404 and a 401).
    for (const url of ['/api/nothing-here', '/api/v2/franchises/clients']) {
      const other = await t.app.inject({ method: 'GET', url })
      expect(other.statusCode).toBeGreaterThanOrEqual(400)
      for (const name of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[name], name).toBeTruthy()
        expect(other.headers[name], `${url} ${name}`).toBe(res.headers[name])
      }
      expect(other.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' })
    const post = await t.app.inject({ method: 'POST', url: '/pages/user/clients', payload: {} })
    expect(post.statusCode).toBe(404)
  })

  it('serves the app for client-side routes a browser navigates to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pages/user/clients?page=2',
      headers: { accept: 'text/html' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<div id="root">')
  })

  it('rejects bad input with a 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x' } })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      details: { field: 'name', in: 'body' },
    })
    expect(body.message).toContain('name')
  })

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: expect.any(String),
      message: expect.any(String),
    })
  })

  it('hides internal errors behind a generic 500 and logs them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'An error occurred' })
    expect(res.body).not.toContain('secret internal detail')
    expect(t.logs.join('')).toContain('secret internal detail')
  })

  it('never writes tokens or passwords to the log', async () => {
    const secret = 'tok_5f1e2d3c4b5a69788796a5b4c3d2e1f0'
    await t.app.inject({
      method: 'POST',
      url: `/api/test/echo?access_token=${secret}&token=${secret}`,
      headers: { authorization: `Bearer ${secret}` },
      payload: { name: 'ok', password: 'hunter22' },
    })
    await t.app.inject({ method: 'GET', url: `/api/health?token=${secret}` })
    const logs = t.logs.join('')
    expect(logs).toContain('/api/health')
    expect(logs).not.toContain(secret)
    expect(logs).not.toContain('hunter22')
  })
})
