// The registration-form builder's calls (issue 21): the form (static fields alone before any save),
// its versioned whole save (409 with the stored version), bad input naming the field, full access
// only, foreign ids as 404, a field's values count and its delete for good, a client's values on the
// client detail (the §5 rules of its field), and the CRM clients list with its streamed CSV export.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrmField, STATIC_CRM_FIELDS } from '../../src/domain/crm'
import { clients, franchises, storeOwners, stores, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { crmField } from '../support/crm-fields'
import { databaseKinds } from '../support/database'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const BAKERY = crmField('bakery', 'Favourite bakery', {
  validation: { type: 'SHORT_TEXT', isRequired: true },
})
const CHILDREN = crmField('children', 'Children', {
  validation: { type: 'NUMBER', isRequired: false, min: 0, max: 12 },
})

describe.each(databaseKinds())('CRM form and values on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string
  let client: string // a client of Maison Dupont
  let foreignClient: string // a client of Brooklyn Bagels
  let storeClient: string // a client of the store owner's store only

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const formUrl = (f = fid) => `/api/v2/franchises/${f}/crm-form`
  const save = (version: number, fields: CrmField[], token = owner, f = fid) =>
    call(token, 'POST', formUrl(f), { version, fields })
  const valuesUrl = (c = client, f = fid) => `/api/v2/franchises/${f}/clients/${c}/crm-values`

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    fid = f!.id
    bagelsFid = b!.id
    const [so] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'store@demo.test'))
    const mine = (await db.select().from(storeOwners).where(eq(storeOwners.userId, so!.id)))[0]!.storeId
    const other = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find(
      (s) => s.id !== mine,
    )!.id
    const bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, bagelsFid)))[0]!.id
    const add = async (token: string, f: string, storeId: string, lastName: string, phone: string) => {
      const res = await call(token, 'POST', `/api/v2/franchises/${f}/users`, {
        firstName: 'Camille',
        lastName,
        phone,
        storeId,
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    }
    client = await add(owner, fid, other, 'Marchand', '+33611223344')
    storeClient = await add(owner, fid, mine, 'Lefèvre', '+33611223355')
    foreignClient = await add(bagels, bagelsFid, bagelsStore, 'Smith', '+33611223366')
  })
  afterAll(() => t?.close())

  it('answers the static fields alone before any save, and only to full access', async () => {
    const res = await call(owner, 'GET', `${formUrl()}?includeArchived=true`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ version: 0, fields: STATIC_CRM_FIELDS })
    expect((await call(storeOwner, 'GET', formUrl())).statusCode).toBe(403)
    expect((await save(0, [BAKERY], storeOwner)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: formUrl() })).statusCode).toBe(401)
  })

  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [
        { version: 0, fields: [{ ...CHILDREN, validation: { ...CHILDREN.validation, min: 20 } }] },
        'fields.0.validation.min',
      ],
      [{ version: 0, fields: [BAKERY, { ...BAKERY, label: 'Again' }] }, 'fields.1.localId'],
      [{ version: 0, fields: [{ ...STATIC_CRM_FIELDS[0] }] }, 'fields.0.isStatic'],
      [{ version: 0, fields: [{ ...BAKERY, label: '' }] }, 'fields.0.label'],
      [{ version: 0, fields: [{ ...BAKERY, label: '   ' }] }, 'fields.0.label'],
      [{ version: 0, fields: [{ ...BAKERY, localId: 'has space' }] }, 'fields.0.localId'],
      [
        {
          version: 0,
          fields: [
            crmField('d', 'Visit', {
              validation: { type: 'DATE', isRequired: false, minDate: '2026-02-30' },
            }),
          ],
        },
        'fields.0.validation.minDate',
      ],
      [
        {
          version: 0,
          fields: [
            crmField('d', 'Visit', {
              validation: { type: 'DATE', isRequired: false, minDate: '2026-05-01', maxDate: '2026-01-01' },
            }),
          ],
        },
        'fields.0.validation.minDate',
      ],
      [{ version: -1, fields: [] }, 'version'],
      [{ version: 0 }, 'fields'],
      [
        { version: 0, fields: [{ ...BAKERY, validation: { type: 'COLOUR', isRequired: false } }] },
        'fields.0.validation.type',
      ],
    ]
    for (const [payload, named] of cases) {
      const res = await call(owner, 'POST', formUrl(), payload as object)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().details.field).toBe(named)
    }
    expect((await call(owner, 'GET', formUrl())).json().version).toBe(0)
  })

  it('saves the fields whole and versioned; a stale version is a 409 with the newer one', async () => {
    const first = await save(0, [BAKERY, CHILDREN])
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ version: 1, fields: [...STATIC_CRM_FIELDS, BAKERY, CHILDREN] })
    // Another tab still at version 0.
    const stale = await save(0, [CHILDREN, BAKERY])
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'CRM_FORM_VERSION_CONFLICT', details: { version: 1 } })
    // A field is never dropped by a save: archive it (it stays, hidden without includeArchived).
    expect((await save(1, [BAKERY])).json().details.field).toBe('fields')
    const archived = await save(1, [BAKERY, { ...CHILDREN, status: 'ARCHIVED' }])
    expect(archived.json().version).toBe(2)
    expect((await call(owner, 'GET', formUrl())).json().fields.map((f: CrmField) => f.localId)).toEqual([
      'firstName',
      'dateOfBirth',
      'bakery',
    ])
    // Limits of another type are not kept.
    const odd = crmField('notes', 'Notes', {
      validation: { type: 'SHORT_TEXT', isRequired: false, min: 3, maxLength: 40 },
    })
    const res = await save(2, [BAKERY, { ...CHILDREN, status: 'ARCHIVED' }, odd])
    expect(res.json().fields.at(-1).validation).toEqual({
      type: 'SHORT_TEXT',
      isRequired: false,
      maxLength: 40,
    })
    // Back as it was, for the next tests.
    expect((await save(3, [BAKERY, CHILDREN, { ...odd, status: 'ARCHIVED' }])).json().version).toBe(4)
  })

  it('reads and writes a client values with the rules of its field', async () => {
    const empty = await call(owner, 'GET', valuesUrl())
    expect(empty.json()).toEqual({ fields: [BAKERY, CHILDREN], values: {} })
    const bad: [Record<string, string>, string][] = [
      [{ children: '13' }, 'crmValues.children'],
      [{ children: 'two' }, 'crmValues.children'],
      [{ bakery: '' }, 'crmValues.bakery'],
      [{ unknown: 'x' }, 'crmValues.unknown'],
      [{ notes: 'archived field' }, 'crmValues.notes'],
      [{ firstName: 'Eve' }, 'crmValues.firstName'],
    ]
    for (const [crmValues, named] of bad) {
      const res = await call(owner, 'PUT', valuesUrl(), { crmValues })
      expect(res.statusCode, JSON.stringify(crmValues)).toBe(400)
      expect(res.json().details.field).toBe(named)
    }
    expect((await call(owner, 'PUT', valuesUrl(), { values: {} })).statusCode).toBe(400)
    const ok = await call(owner, 'PUT', valuesUrl(), {
      crmValues: { bakery: ' Du Pain et des Idées ', children: '2' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().values).toEqual({ bakery: 'Du Pain et des Idées', children: '2' })
    // Left out keeps its value; '' clears a field that is not required.
    const cleared = await call(owner, 'PUT', valuesUrl(), { crmValues: { children: '' } })
    expect(cleared.json().values).toEqual({ bakery: 'Du Pain et des Idées' })
  })

  it('keeps every tenant to its own: foreign franchises and clients are 404', async () => {
    expect((await call(bagels, 'GET', formUrl())).statusCode).toBe(404)
    expect((await save(4, [BAKERY], bagels)).statusCode).toBe(404)
    expect((await call(owner, 'GET', formUrl(UNKNOWN))).statusCode).toBe(404)
    expect((await call(owner, 'GET', valuesUrl(foreignClient))).statusCode).toBe(404)
    expect((await call(owner, 'GET', valuesUrl(foreignClient, bagelsFid))).statusCode).toBe(404)
    expect((await call(bagels, 'PUT', valuesUrl(), { crmValues: { bakery: 'x' } })).statusCode).toBe(404)
    expect((await call(bagels, 'GET', `${formUrl()}/fields/bakery/values-count`)).statusCode).toBe(404)
    expect((await call(bagels, 'DELETE', `${formUrl()}/fields/notes?version=4`)).statusCode).toBe(404)
    expect((await call(bagels, 'GET', `/api/v2/franchises/${fid}/crm-clients`)).statusCode).toBe(404)
    expect((await call(bagels, 'GET', `/api/v2/franchises/${fid}/crm-clients/export.csv`)).statusCode).toBe(
      404,
    )
    // Nothing of Maison Dupont changed.
    expect((await call(owner, 'GET', valuesUrl())).json().values).toEqual({ bakery: 'Du Pain et des Idées' })
  })

  it('a store owner edits the values of its own clients only', async () => {
    const res = await call(storeOwner, 'PUT', valuesUrl(storeClient), { crmValues: { bakery: 'Poilâne' } })
    expect(res.statusCode).toBe(200)
    expect((await call(storeOwner, 'GET', valuesUrl(client))).statusCode).toBe(404)
    expect(
      (await call(storeOwner, 'PUT', valuesUrl(client), { crmValues: { bakery: 'x' } })).statusCode,
    ).toBe(404)
  })

  it('counts a field values and deletes an archived field for good, at the version seen', async () => {
    const count = await call(owner, 'GET', `${formUrl()}/fields/bakery/values-count`)
    expect(count.json()).toEqual({ localId: 'bakery', count: 2 })
    expect((await call(owner, 'GET', `${formUrl()}/fields/nope/values-count`)).statusCode).toBe(404)
    expect((await call(owner, 'GET', `${formUrl()}/fields/firstName/values-count`)).statusCode).toBe(404)
    // Active: archive first. Stale: 409. No version: 400.
    expect((await call(owner, 'DELETE', `${formUrl()}/fields/bakery?version=4`)).json().code).toBe(
      'CRM_FIELD_NOT_ARCHIVED',
    )
    expect((await call(owner, 'DELETE', `${formUrl()}/fields/notes?version=3`)).json()).toMatchObject({
      code: 'CRM_FORM_VERSION_CONFLICT',
      details: { version: 4 },
    })
    expect((await call(owner, 'DELETE', `${formUrl()}/fields/notes`)).json().details.field).toBe('version')
    const before = (await call(owner, 'GET', `${formUrl()}?includeArchived=true`)).json()
    const saved = await save(before.version, [{ ...BAKERY, status: 'ARCHIVED' }, ...before.fields.slice(3)])
    expect(saved.statusCode).toBe(200)
    const gone = await call(owner, 'DELETE', `${formUrl()}/fields/bakery?version=${saved.json().version}`)
    expect(gone.statusCode).toBe(200)
    expect(gone.json().fields.map((f: CrmField) => f.localId)).toEqual([
      'firstName',
      'dateOfBirth',
      'children',
      'notes',
    ])
    expect(gone.json().version).toBe(saved.json().version + 1)
    const { rows } = await t.database.raw(
      `select count(*)::int as n from client_crm_values where local_id = 'bakery'`,
    )
    expect(rows[0]!.n).toBe(0)
    // The field may come back, empty, in a later save.
    const back = await save(gone.json().version, [...gone.json().fields.slice(2), BAKERY])
    expect(back.statusCode).toBe(200)
  })

  it('lists the clients with their values as columns, filtered, and exports the filter as CSV', async () => {
    await call(owner, 'PUT', valuesUrl(), { crmValues: { bakery: '=HYPERLINK("x")', children: '3' } })
    const [c] = await t.database.db.select().from(clients).where(eq(clients.id, client))
    const list = await call(owner, 'GET', `/api/v2/franchises/${fid}/crm-clients?field=bakery&size=10`)
    expect(list.statusCode).toBe(200)
    const page = list.json()
    expect(page.metadata).toMatchObject({ page: 1, size: 10, total: 1 })
    expect(page.data[0]).toMatchObject({ id: client, values: { bakery: '=HYPERLINK("x")', children: '3' } })
    expect(page.fields.map((f: CrmField) => f.localId)).toEqual([
      'firstName',
      'dateOfBirth',
      'children',
      'bakery',
    ])
    const all = (await call(owner, 'GET', `/api/v2/franchises/${fid}/crm-clients?size=25`)).json()
    expect(all.metadata.total).toBeGreaterThan(1)
    const searched = await call(
      owner,
      'GET',
      `/api/v2/franchises/${fid}/crm-clients?search=${encodeURIComponent(c!.lastName)}`,
    )
    expect(searched.json().data.map((r: { id: string }) => r.id)).toContain(client)
    expect(
      (await call(owner, 'GET', `/api/v2/franchises/${fid}/crm-clients?size=7`)).json().details.field,
    ).toBe('size')
    expect((await call(storeOwner, 'GET', `/api/v2/franchises/${fid}/crm-clients`)).statusCode).toBe(403)

    const csv = await call(owner, 'GET', `/api/v2/franchises/${fid}/crm-clients/export.csv?field=bakery`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('attachment')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toBe('lastName,firstName,dateOfBirth,email,phone,createdAt,Children,Favourite bakery')
    expect(lines).toHaveLength(2)
    // A formula is quoted as text for the spreadsheet.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`)
    expect(lines[1]).toContain(c!.lastName)
    const whole = await call(
      owner,
      'GET',
      `/api/v2/franchises/${fid}/crm-clients/export.csv?access_token=${owner}`,
    )
    expect(whole.body.trim().split(/\r?\n/).length - 1).toBe(all.metadata.total)
  })

  it('writes field labels that look like formulas as text in the export header, like the cells', async () => {
    const form = (await call(owner, 'GET', `${formUrl()}?includeArchived=true`)).json()
    const trap = crmField('trap', '=HYPERLINK("http://evil.test","Open")')
    const at = crmField('at', '@SUM(1+1)')
    const saved = await save(form.version, [...form.fields.filter((f: CrmField) => !f.isStatic), trap, at])
    expect(saved.statusCode, saved.body).toBe(200)
    const csv = await call(owner, 'GET', `/api/v2/franchises/${fid}/crm-clients/export.csv`)
    expect(csv.statusCode).toBe(200)
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!
    expect(header).toContain(`"'=HYPERLINK(""http://evil.test"",""Open"")"`)
    expect(header).toContain(`'@SUM(1+1)`)
    expect(header.split(',').some((cell) => /^"?[=@+-]/.test(cell))).toBe(false)
  })
})
