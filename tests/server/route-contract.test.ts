// The route contract (plugins/route-contract.ts): every route declares its access, the guard runs
// before the input is validated, declared structs validate and coerce, and the inventory lists routes.
import Fastify from 'fastify'
import { coerce, integer, number, object, string } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allow, type StructTypeProvider, withRouteContract } from '../../src/server/plugins/route-contract'
import { loginAs, startTestApp, type TestApp } from '../support/app'

describe('route contract', () => {
  it('refuses to start when a route declares no access', async () => {
    const app = Fastify()
    app.decorate('routeInventory', [])
    const start = async () => {
      await app.register(
        withRouteContract(async (api) => {
          api.get('/api/forgotten', async () => ({ ok: true }))
        }),
      )
      await app.ready()
    }
    await expect(start()).rejects.toThrow(/GET \/api\/forgotten: the route declares no config.access/)
  })

  describe('on the app', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp('pglite', {
        seed: true,
        config: { jobs: false },
        extend: (app) =>
          app.register(
            withRouteContract(async (api) => {
              const r = api.withTypeProvider<StructTypeProvider>()
              r.post(
                '/api/test/contract/:n',
                {
                  ...allow('owner'),
                  schema: {
                    params: object({ n: coerce(integer(), string(), Number) }),
                    body: object({ name: string(), count: number() }),
                  },
                },
                async (request) => ({ n: request.params.n + 1, name: request.body.name }),
              )
            }),
          ),
      })
    }, 120_000)
    afterAll(() => t?.close())

    it('answers 401 to an anonymous caller before looking at its input', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/contract/x', payload: { bad: 1 } })
      expect(res.statusCode).toBe(401)
    })

    it('answers 403 to a role outside the access list', async () => {
      const token = await loginAs(t.app, 'admin@demo.test')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/contract/1',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'a', count: 1 },
      })
      expect(res.statusCode).toBe(403)
    })

    it('validates and coerces the declared input, naming the failing field', async () => {
      const token = await loginAs(t.app, 'owner@demo.test')
      const headers = { authorization: `Bearer ${token}` }
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/test/contract/41',
        headers,
        payload: { name: 'a', count: 1 },
      })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ n: 42, name: 'a' })
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/test/contract/41',
        headers,
        payload: { name: 'a', count: 'many' },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'count', in: 'body' } })
      const badParam = await t.app.inject({
        method: 'POST',
        url: '/api/test/contract/forty',
        headers,
        payload: { name: 'a', count: 1 },
      })
      expect(badParam.json()).toMatchObject({ details: { field: 'n', in: 'params' } })
    })

    it('lists every route with its access, the HEAD copies of GET routes guarded too', async () => {
      const inventory = t.app.routeInventory
      expect(inventory.length).toBeGreaterThan(100)
      const login = inventory.find((r) => r.url === '/api/users/login' && r.method === 'POST')
      expect(login?.access).toBe('public')
      const clients = inventory.find((r) => r.url === '/api/v2/franchises/clients' && r.method === 'GET')
      expect(clients?.access).toBe('owner')
      const head = await t.app.inject({ method: 'HEAD', url: '/api/v2/franchises/clients' })
      expect(head.statusCode).toBe(401)
    })
  })
})
