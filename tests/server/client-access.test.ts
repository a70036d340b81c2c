// Issue 16 item 1: a store owner reaches only the clients of its own stores. It links a client of
// another store only with the phone or e-mail the customer tells at the counter, never by id alone, and
// may not delete a client shared with other stores (domain/access.ts).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientStores, clients, franchises, stores } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { insertClient } from '../support/balances'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('a store owner and the clients of other stores on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let fid: string
  let paris: string
  let lyon: string
  let lyonOnly: string
  let parisOnly: string

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const linksOf = async (clientId: string) =>
    (
      await t.database.db
        .select({ storeId: clientStores.storeId })
        .from(clientStores)
        .where(eq(clientStores.clientId, clientId))
    )
      .map((r) => r.storeId)
      .sort()
  const exists = async (clientId: string) =>
    (await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))).length ===
    1

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    owner = await loginAs(t.app, 'owner@demo.test')
    storeOwner = await loginAs(t.app, 'store@demo.test')
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    const s = await db.select().from(stores).where(eq(stores.franchiseId, fid))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    const add = async (firstName: string, phone: string, email: string, storeId: string) => {
      const c = await insertClient(db, {
        franchiseId: fid,
        firstName,
        lastName: 'Test',
        phone,
        email,
        points: 40,
      })
      await db.insert(clientStores).values({ franchiseId: fid, clientId: c!.id, storeId })
      return c!.id
    }
    lyonOnly = await add('Lucie', '+33611223344', 'lucie@example.fr', lyon)
    parisOnly = await add('Paul', '+33655667788', 'paul@example.fr', paris)
  }, 120_000)
  afterAll(() => t?.close())

  it('cannot reach a client of another store by its id: link, read, edit and delete are 404', async () => {
    const link = await call('POST', `/api/v2/stores/${paris}/users/${lyonOnly}`, storeOwner)
    expect(link.statusCode).toBe(404)
    expect(link.body).not.toContain('lucie@example.fr')
    const wrongLookup = await call('POST', `/api/v2/stores/${paris}/users/${lyonOnly}`, storeOwner, {
      lookup: '+33699999999',
    })
    expect(wrongLookup.statusCode).toBe(404)
    expect(await linksOf(lyonOnly)).toEqual([lyon])

    expect((await call('GET', `/api/v2/franchises/${fid}/clients/${lyonOnly}`, storeOwner)).statusCode).toBe(
      404,
    )
    const edit = await call('PUT', `/api/v2/franchises/${fid}/users`, storeOwner, {
      id: lyonOnly,
      firstName: 'Taken',
      lastName: 'Over',
      phone: '+33611223344',
    })
    expect(edit.statusCode).toBe(404)
    expect(
      (await call('DELETE', `/api/v2/franchises/${fid}/clients/${lyonOnly}`, storeOwner)).statusCode,
    ).toBe(404)
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, lyonOnly))
    expect(row?.firstName).toBe('Lucie')
  })

  it('finds a client of another store by the exact phone typed at the counter, without its other details', async () => {
    const res = await call(
      'GET',
      `/api/v2/users/search?value=${encodeURIComponent('06 11 22 33 44')}`,
      storeOwner,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { id: lyonOnly, firstName: 'Lucie', lastName: 'Test', email: '', phone: '+33611223344', linked: false },
    ])
  })

  it('links that client with the phone told at the counter, then serves it; a shared client is not its to delete', async () => {
    const link = await call('POST', `/api/v2/stores/${paris}/users/${lyonOnly}`, storeOwner, {
      lookup: '06 11 22 33 44',
    })
    expect(link.statusCode).toBe(200)
    expect(await linksOf(lyonOnly)).toEqual([lyon, paris].sort())
    expect((await call('GET', `/api/v2/franchises/${fid}/clients/${lyonOnly}`, storeOwner)).statusCode).toBe(
      200,
    )

    const del = await call('DELETE', `/api/v2/franchises/${fid}/clients/${lyonOnly}`, storeOwner)
    expect(del.statusCode).toBe(403)
    expect(del.json().code).toBe('CLIENT_SHARED')
    expect(await exists(lyonOnly)).toBe(true)
  })

  it('deletes a client of its own store only', async () => {
    const del = await call('DELETE', `/api/v2/franchises/${fid}/clients/${parisOnly}`, storeOwner)
    expect(del.statusCode).toBe(204)
    expect(await exists(parisOnly)).toBe(false)
  })

  it('lets the franchise owner link by id and delete a shared client', async () => {
    const c = await insertClient(t.database.db, { franchiseId: fid, firstName: 'Zoé', lastName: 'Test' })
    const link = await call('POST', `/api/v2/stores/${lyon}/users/${c!.id}`, owner)
    expect(link.statusCode).toBe(200)
    expect(
      await t.database.db
        .select()
        .from(clientStores)
        .where(and(eq(clientStores.clientId, c!.id), eq(clientStores.storeId, lyon))),
    ).toHaveLength(1)
    expect((await call('DELETE', `/api/v2/franchises/${fid}/clients/${lyonOnly}`, owner)).statusCode).toBe(
      204,
    )
    expect(await exists(lyonOnly)).toBe(false)
  })
})
