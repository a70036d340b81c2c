// E-marketing set-up (issue 21, SPEC §7): create, update, read by user (200 null when none yet, issue 34),
// the link's availability; §5 points integer above 0 and a valid, free link; §6 full access and a
// loyalty programme; a foreign id is a 404 and changes nothing.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emarketings, franchises, loyaltyModels, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
type Method = 'GET' | 'POST' | 'PUT'

describe.each(databaseKinds())('e-marketing set-up on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let admin: string
  let fid: string
  let bagelsFid: string
  let ownerId: string
  let bagelsId: string

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const page = (over: Record<string, unknown> = {}) => ({
    franchiseId: fid,
    logo: null,
    link: 'maison-dupont',
    primaryColor: '#1e3a8a',
    secondaryColor: '#f59e0b',
    tertiaryColor: '#f8fafc',
    registrationPoints: 20,
    ...over,
  })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels, admin] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test', 'admin@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    fid = f!.id
    bagelsFid = b!.id
    ownerId = f!.userId!
    bagelsId = b!.userId!
    // Maison Dupont has a loyalty programme; Brooklyn Bagels has none.
    await db.insert(loyaltyModels).values({ franchiseId: fid, name: 'Carte', loyaltyType: 'PASSAGE' })
  })
  afterAll(() => t?.close())

  it('answers 200 null before the page is set up ("nothing yet" is no error, issue 34)', async () => {
    const res = await call(owner, 'GET', `/api/v2/users/${ownerId}/emarketing`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toBeNull()
  })

  it('refuses bad input naming the field (§5: points an integer above 0, a valid link)', async () => {
    for (const [over, field] of [
      [{ registrationPoints: 0 }, 'registrationPoints'],
      [{ registrationPoints: -5 }, 'registrationPoints'],
      [{ registrationPoints: 2.5 }, 'registrationPoints'],
      [{ registrationPoints: '20' }, 'registrationPoints'],
      [{ link: 'Bad Link!' }, 'link'],
      [{ link: 'ab' }, 'link'],
      [{ link: 'a--b' }, 'link'],
      [{ primaryColor: 'red' }, 'primaryColor'],
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ franchiseId: 'nope' }, 'franchiseId'],
    ] as const) {
      const res = await call(owner, 'POST', '/api/v2/emarketings', page(over))
      expect(res.statusCode, JSON.stringify(over)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
  })

  it('needs a loyalty programme (§6)', async () => {
    const res = await call(
      bagels,
      'POST',
      '/api/v2/emarketings',
      page({ franchiseId: bagelsFid, link: 'bagels' }),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('LOYALTY_PROGRAM_REQUIRED')
  })

  it('is full access: a store owner is refused, another franchise is a 404', async () => {
    expect((await call(storeOwner, 'POST', '/api/v2/emarketings', page())).statusCode).toBe(403)
    const foreign = await call(bagels, 'POST', '/api/v2/emarketings', page())
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('FRANCHISE_NOT_FOUND')
    expect(await t.database.db.select().from(emarketings)).toHaveLength(0)
  })

  it('creates the page, reads it by user, updates it and keeps the link unique', async () => {
    const free = await call(owner, 'GET', '/api/v2/emarketings/availability?link=maison-dupont')
    expect(free.json()).toEqual({ link: 'maison-dupont', isValid: true, isAvailable: true })

    const res = await call(owner, 'POST', '/api/v2/emarketings', page({ logo: '/files/franchise/logo.png' }))
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      franchiseId: fid,
      link: 'maison-dupont',
      logo: '/files/franchise/logo.png',
      registrationPoints: 20,
      counts: { visits: 0, registrations: 0 },
    })
    const again = await call(owner, 'POST', '/api/v2/emarketings', page({ link: 'dupont-2' }))
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('EMARKETING_EXISTS')

    const read = await call(owner, 'GET', `/api/v2/users/${ownerId}/emarketing`)
    expect(read.statusCode).toBe(200)
    expect(read.json().id).toBe(created.id)
    // Staff read any user's page (the account manager); another owner does not.
    expect((await call(admin, 'GET', `/api/v2/users/${ownerId}/emarketing`)).json().id).toBe(created.id)
    const foreignUser = await call(bagels, 'GET', `/api/v2/users/${ownerId}/emarketing`)
    expect(foreignUser.statusCode).toBe(404)

    const updated = await call(
      owner,
      'PUT',
      `/api/v2/emarketings/${created.id}`,
      page({ registrationPoints: 35 }),
    )
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ id: created.id, registrationPoints: 35, link: 'maison-dupont' })

    // The page's own link is available to it, taken for anyone else.
    const own = await call(owner, 'GET', `/api/v2/emarketings/${created.id}/availability?link=maison-dupont`)
    expect(own.json().isAvailable).toBe(true)
    const taken = await call(owner, 'GET', '/api/v2/emarketings/availability?link=Maison-Dupont')
    expect(taken.json()).toEqual({ link: 'maison-dupont', isValid: true, isAvailable: false })
    const invalid = await call(owner, 'GET', '/api/v2/emarketings/availability?link=no%20way')
    expect(invalid.json()).toMatchObject({ isValid: false, isAvailable: false })
  })

  it('refuses a link another franchise holds, and foreign ids change nothing', async () => {
    const db = t.database.db
    await db.insert(loyaltyModels).values({ franchiseId: bagelsFid, name: 'Card', loyaltyType: 'PASSAGE' })
    const res = await call(
      bagels,
      'POST',
      '/api/v2/emarketings',
      page({ franchiseId: bagelsFid, link: 'maison-dupont' }),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'EMARKETING_LINK_TAKEN', details: { field: 'link' } })
    const ok = await call(
      bagels,
      'POST',
      '/api/v2/emarketings',
      page({ franchiseId: bagelsFid, link: 'bagels' }),
    )
    expect(ok.statusCode).toBe(201)
    const bagelsPage = ok.json().id as string
    const [dupont] = await db.select().from(emarketings).where(eq(emarketings.franchiseId, fid))

    // Bagels' owner aims at Dupont's page: 404, nothing changed.
    const put = await call(
      bagels,
      'PUT',
      `/api/v2/emarketings/${dupont!.id}`,
      page({ franchiseId: bagelsFid }),
    )
    expect(put.statusCode).toBe(404)
    expect(put.json().code).toBe('EMARKETING_NOT_FOUND')
    const moved = await call(owner, 'PUT', `/api/v2/emarketings/${bagelsPage}`, page())
    expect(moved.statusCode).toBe(404)
    // Nor may a page be moved to another franchise by its body.
    const swap = await call(
      owner,
      'PUT',
      `/api/v2/emarketings/${dupont!.id}`,
      page({ franchiseId: bagelsFid }),
    )
    expect(swap.statusCode).toBe(404)
    const avail = await call(bagels, 'GET', `/api/v2/emarketings/${dupont!.id}/availability?link=x-y-z`)
    expect(avail.statusCode).toBe(404)
    expect((await call(owner, 'PUT', `/api/v2/emarketings/${UNKNOWN}`, page())).statusCode).toBe(404)
    const [after] = await db.select().from(emarketings).where(eq(emarketings.id, dupont!.id))
    expect(after).toEqual(dupont)
    // Taking the other's link by an update is refused too.
    const steal = await call(owner, 'PUT', `/api/v2/emarketings/${dupont!.id}`, page({ link: 'bagels' }))
    expect(steal.json().code).toBe('EMARKETING_LINK_TAKEN')
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, bagelsId))
    expect(u).toBeDefined()
  })
})
