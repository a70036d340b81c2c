import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { franchises, outbox, stores } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('store owners on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let admin: string
  let paris: string
  let lyon: string
  let bagelsStore: string

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels, admin] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test', 'admin@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const s = await db.select().from(stores).where(eq(stores.franchiseId, f!.id))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, b!.id)))[0]!.id
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates a store owner, e-mails an invitation whose link sets the password, and signs it in', async () => {
    const res = await send('POST', '/api/v2/users/owners', {
      email: ' Nina.Owner@Example.test ',
      displayName: 'Nina',
      storeIds: [paris],
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      email: 'nina.owner@example.test',
      displayName: 'Nina',
      stores: [{ id: paris }],
      hasPassword: false,
      status: 'invited',
    })
    // Not yet able to sign in: no password was chosen.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nina.owner@example.test', password: 'anything-at-all' },
    })
    expect(early.statusCode).toBe(401)

    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'nina.owner@example.test'))
    expect(mail?.body).toContain('/pages/auth/reset-password?token=')
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]!)
    // The token is never written to the log.
    expect(t.logs.join('\n')).not.toContain(token)

    const invitation = await get(`/api/v2/users/owners/${created.id}/invitation`)
    expect(invitation.statusCode).toBe(200)
    expect(invitation.json().link).toContain('reset-password?token=')

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'nina-password' },
    })
    expect(reset.statusCode).toBe(204)
    const nina = await loginAs(t.app, 'nina.owner@example.test', 'nina-password')
    const me = await get('/api/v2/users/me', nina)
    expect(me.json().acl.role).toBe('STORE_OWNER')
    // Its scope is that one store: another store of the franchise is out of reach.
    expect((await get(`/api/v2/stores/${paris}/clients`, nina)).statusCode).toBe(200)
    expect((await get(`/api/v2/stores/${lyon}/clients`, nina)).statusCode).toBe(404)

    const list = await get('/api/v2/users/owners?search=nina')
    expect(list.json().data[0]).toMatchObject({ email: 'nina.owner@example.test', status: 'active' })
    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'other-password' },
    })
    expect(again.statusCode).toBe(400)
  })

  it('answers 409 OWNER_EMAIL_EXISTS when the e-mail is used by any account', async () => {
    for (const email of ['store@demo.test', 'BAGELS@demo.test']) {
      const res = await send('POST', '/api/v2/users/owners', { email, storeIds: [paris] })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('OWNER_EMAIL_EXISTS')
    }
  })

  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{ email: 'not-an-email', storeIds: [paris] }, 'email'],
      [{ storeIds: [paris] }, 'email'],
      [{ email: 'a@b.test', storeIds: [] }, 'storeIds'],
      [{ email: 'a@b.test', storeIds: ['nope'] }, 'storeIds.0'],
      [{ email: 'a@b.test', storeIds: [paris], role: 'FRANCHISE_OWNER' }, 'role'],
    ]
    for (const [payload, field] of cases) {
      const res = await send('POST', '/api/v2/users/owners', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
    const q = await get('/api/v2/users/owners?page=0')
    expect(q.statusCode).toBe(400)
    expect(q.json().details.field).toBe('page')
  })

  it("answers 404 for another franchise's store or owner", async () => {
    const res = await send('POST', '/api/v2/users/owners', {
      email: 'x@foreign.test',
      storeIds: [paris, bagelsStore],
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('STORE_NOT_FOUND')
    const [dupontOwner] = (await get('/api/v2/users/owners?search=store@demo')).json().data
    expect(
      (await send('PUT', `/api/v2/users/owners/${dupontOwner.id}`, { storeIds: [bagelsStore] }, bagels))
        .statusCode,
    ).toBe(404)
    expect(
      (await send('DELETE', `/api/v2/users/owners/${dupontOwner.id}`, undefined, bagels)).statusCode,
    ).toBe(404)
    expect((await get(`/api/v2/users/owners/${dupontOwner.id}/invitation`, bagels)).statusCode).toBe(404)
    // Bagels sees none of Dupont's owners.
    expect(
      (await get('/api/v2/users/owners', bagels)).json().data.map((o: { email: string }) => o.email),
    ).not.toContain('store@demo.test')
  })

  it('is for full access only: a store owner and an admin are refused', async () => {
    expect((await get('/api/v2/users/owners', storeOwner)).statusCode).toBe(403)
    expect(
      (await send('POST', '/api/v2/users/owners', { email: 'y@z.test', storeIds: [paris] }, storeOwner))
        .statusCode,
    ).toBe(403)
    expect((await get('/api/v2/users/owners', admin)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users/owners' })).statusCode).toBe(401)
  })

  it('lists with search and pages, only its franchise', async () => {
    for (const n of [1, 2, 3])
      expect(
        (await send('POST', '/api/v2/users/owners', { email: `page${n}@list.test`, storeIds: [lyon] }))
          .statusCode,
      ).toBe(201)
    const page1 = (await get('/api/v2/users/owners?search=list.test&size=2&page=1')).json()
    expect(page1.metadata).toEqual({ page: 1, size: 2, total: 3 })
    expect(page1.data).toHaveLength(2)
    const page2 = (await get('/api/v2/users/owners?search=list.test&size=2&page=2')).json()
    expect(page2.data).toHaveLength(1)
    const all = (await get('/api/v2/users/owners?size=100')).json()
    expect(all.data.map((o: { email: string }) => o.email)).toContain('store@demo.test')
    // A search with LIKE wildcards is literal.
    expect((await get('/api/v2/users/owners?search=%25')).json().metadata.total).toBe(0)
  })

  it('changes the stores of an owner, resends an invitation, and unlinks', async () => {
    const created = (
      await send('POST', '/api/v2/users/owners', { email: 'move@it.test', storeIds: [paris] })
    ).json()
    const moved = await send('PUT', `/api/v2/users/owners/${created.id}`, { storeIds: [lyon, paris] })
    expect(moved.statusCode).toBe(200)
    expect(
      moved
        .json()
        .stores.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([lyon, paris].sort())
    expect((await send('PUT', `/api/v2/users/owners/${created.id}`, { storeIds: [] })).statusCode).toBe(400)
    expect((await send('POST', `/api/v2/users/owners/${created.id}/invitation`)).statusCode).toBe(200)
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'move@it.test'))
    expect(mails).toHaveLength(2)
    expect((await send('DELETE', `/api/v2/users/owners/${created.id}`)).statusCode).toBe(204)
    expect((await get('/api/v2/users/owners?search=move@it')).json().metadata.total).toBe(0)
    expect((await send('DELETE', `/api/v2/users/owners/${created.id}`)).statusCode).toBe(404)
  })
})
