import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('owned franchises and stores on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
  })
  afterAll(() => t.close())
  const get = async (url: string, email: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(await loginAs(t.app, email)) })

  it('gives a franchise owner its franchise with features and all its stores', async () => {
    const f = (await get('/api/v2/franchises/owned', 'owner@demo.test')).json()
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({
      name: 'Maison Dupont',
      currencyCode: 'EUR',
      loyaltyType: 'PASSAGE',
      features: ['GAME'],
    })
    const s = (await get('/api/v2/stores/owned', 'owner@demo.test')).json()
    expect(s).toHaveLength(3)
    expect(s.every((x: { franchiseId: string }) => x.franchiseId === f[0].id)).toBe(true)
  })

  it('gives a store owner only its linked store and its franchise', async () => {
    const s = (await get('/api/v2/stores/owned', 'store@demo.test')).json()
    expect(s.map((x: { name: string }) => x.name)).toEqual(['Maison Dupont — Paris Marais'])
    const f = (await get('/api/v2/franchises/owned', 'store@demo.test')).json()
    expect(f.map((x: { name: string }) => x.name)).toEqual(['Maison Dupont'])
  })

  it('never mixes franchises', async () => {
    const s = (await get('/api/v2/stores/owned', 'bagels@demo.test')).json()
    expect(s.map((x: { name: string }) => x.name)).toEqual(['Brooklyn Bagels — Williamsburg'])
  })

  it('refuses accounts without an owner role: registered (403) and unpaid (403), guests (401)', async () => {
    expect((await get('/api/v2/stores/owned', 'registered@demo.test')).statusCode).toBe(403)
    expect((await get('/api/v2/stores/owned', 'unpaid@demo.test')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/franchises/owned' })).statusCode).toBe(401)
  })
})
