// GET /api/v2/users/me/session: the shell's start in one call answers what the separate calls answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('session start on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
  })
  afterAll(() => t.close())
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) })

  /** What the shell used to gather in three rounds. */
  async function separately(token: string, owner: boolean) {
    const me = (await get('/api/v2/users/me', token)).json()
    const info = (await get(`/api/v2/users/${me.id}/info`, token)).json()
    const franchises = owner ? (await get('/api/v2/franchises/owned', token)).json() : []
    const stores = owner ? (await get('/api/v2/stores/owned', token)).json() : []
    const categories = (await get('/api/Categories')).json()
    return { me, info, franchises, stores, categories }
  }

  it.each([
    ['owner@demo.test', true],
    ['store@demo.test', true],
    ['admin@demo.test', false],
    ['registered@demo.test', false],
  ])('%s gets in one answer what the separate calls give', async (email, owner) => {
    const token = await loginAs(t.app, email)
    const res = await get('/api/v2/users/me/session', token)
    expect(res.statusCode).toBe(200)
    const start = res.json()
    expect(start).toEqual(await separately(token, owner))
    if (owner) expect(start.stores.length).toBeGreaterThan(0)
    expect(start.categories.length).toBeGreaterThan(0)
  })

  it('a store owner gets only its own stores', async () => {
    const token = await loginAs(t.app, 'store@demo.test')
    const owner = await loginAs(t.app, 'owner@demo.test')
    const mine = (await get('/api/v2/users/me/session', token)).json().stores
    const all = (await get('/api/v2/users/me/session', owner)).json().stores
    expect(mine.length).toBeLessThan(all.length)
  })

  it('needs a valid token', async () => {
    expect((await get('/api/v2/users/me/session')).statusCode).toBe(401)
    expect((await get('/api/v2/users/me/session', 'not-a-token')).statusCode).toBe(401)
  })
})
