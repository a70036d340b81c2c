// Client imports (issue 23): files read as the merchant saved them (comma, semicolon or tab; UTF-8
// with or without BOM, Windows-1252), bad files refused with a 400 naming the file field, a mapping
// checked field by field, a preview that says what each record would do, the job creating, updating
// and skipping with reasons, opening balances through the ledger once each, a report whose formulas
// are inert, cancel, a run cut by the database going away resumed (not failed), and ids of another
// franchise answered 404.
import { and, eq, like } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { clientImportChunks, clientImports, clients, pointsTransactions } from '../../src/server/db/schema'
import { runImport } from '../../src/server/services/imports-run'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'
import { clientsCsv, csvUpload, IMPORT_MAPPING } from '../support/import-fixtures'

describe.each(databaseKinds())('client imports on %s', (kind) => {
  let t: TestApp
  let owner: string
  let fid: string

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { jobs: true } })
    owner = await loginAs(t.app, 'owner@demo.test')
    fid = (await franchiseNamed(t.database.db, 'Maison Dupont')).id
    await addClients(t.database.db, fid, 3, '+3369')
  }, 120_000)
  afterAll(() => t?.close())

  const upload = (data: Buffer | string, token = owner, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/v2/imports${query}`, ...merge(csvUpload(data), token) })
  const merge = (body: ReturnType<typeof csvUpload>, token: string) => ({
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  })
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const waitDone = async (id: string) => {
    let status = ''
    await eventually(async () => {
      status = (await call('GET', `/api/v2/imports/${id}`)).json().status
      return status === 'DONE' || status === 'FAILED'
    }, 60_000)
    return (await call('GET', `/api/v2/imports/${id}`)).json()
  }

  it('reads semicolons in Windows-1252 and tabs in UTF-8 with a BOM, and suggests a mapping', async () => {
    const text = 'Prénom;Nom;Téléphone;E-mail\nHélène;Dupré;0611223344;h@import.test\n'
    const res = await upload(iconv.encode(text, 'windows-1252'))
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', totalRows: 1, status: 'UPLOADED' })
    expect(body.headers).toEqual(['Prénom', 'Nom', 'Téléphone', 'E-mail'])
    expect(body.suggestedMapping).toEqual({ firstName: 0, lastName: 1, phone: 2, email: 3 })

    const tabbed = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('first name\tphone\nZoé\t0611223345\n'),
    ])
    const res2 = await upload(tabbed)
    expect(res2.json()).toMatchObject({
      encoding: 'utf-8',
      delimiter: '\t',
      headers: ['first name', 'phone'],
    })
  })

  it('refuses bad files with a 400 naming the file field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(clientImports)).length
    const cases: [Buffer | string, string, string][] = [
      [Buffer.from('\ufeffa,b\n1,2\n', 'utf16le'), 'ENCODING_NOT_SUPPORTED', ''],
      [
        iconv.encode('prénom,phone\nHélène,0611223344\n', 'windows-1252'),
        'ENCODING_INVALID',
        '?encoding=utf-8',
      ],
      [`first,phone\n${'x'.repeat(10 * 1024 * 1024)}\n`, 'LINE_TOO_LONG', ''],
      [`${'a,'.repeat(300)}a\n`, 'TOO_MANY_COLUMNS', ''],
      ['\n\n', 'FILE_EMPTY', ''],
    ]
    for (const [data, code, query] of cases) {
      const res = await upload(data, owner, query)
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toMatchObject({ code, details: { field: 'file' } })
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v2/imports',
      headers: bearer(owner),
      payload: {},
    })
    expect(none.statusCode).toBe(400)
    expect(none.json().details.field).toBe('file')
    expect((await t.database.db.select().from(clientImports)).length).toBe(before)
  }, 60_000)

  it('refuses a mapping without a first name or a contact, or naming a column the file lacks', async () => {
    const id = (await upload('a,b,c\nx,y,z\n')).json().id
    const cases: [object, string][] = [
      [{ phone: 1 }, 'mapping.firstName'],
      [{ firstName: 0 }, 'mapping.phone'],
      [{ firstName: 0, phone: 7 }, 'mapping.phone'],
      [{ firstName: 0, phone: 1, email: 1 }, 'mapping.email'],
      [{ firstName: 0, phone: 1, shoeSize: 2 }, 'mapping.shoeSize'],
    ]
    for (const [mapping, field] of cases) {
      for (const step of ['preview', 'run']) {
        const res = await call('POST', `/api/v2/imports/${id}/${step}`, { mapping })
        expect(res.statusCode, `${step} ${field}`).toBe(400)
        expect(res.json().details.field).toBe(field)
      }
    }
    expect((await call('GET', `/api/v2/imports/${id}`)).json().status).toBe('UPLOADED')
  })

  it('previews the first rows with what each would do, writing nothing', async () => {
    const existing = (
      await t.database.db.select().from(clients).where(eq(clients.franchiseId, fid)).limit(1)
    )[0]!
    const csv = [
      'first_name,last_name,email,phone,gender,birth_date,postcode,points',
      `Ana,Lima,ana@import.test,0712340001,F,31/12/1990,75001,10`,
      `,Nobody,x@import.test,0712340002,F,,,`,
      `Bob,Ray,bob@import.test,0712340003,M,1990-13-01,,`,
      `Again,Lima,other@import.test,+33 7 12 34 00 01,,,,`,
      `Known,Client,,${existing.phone},,,,`,
    ].join('\n')
    const id = (await upload(csv)).json().id
    const res = await call('POST', `/api/v2/imports/${id}/preview`, { mapping: IMPORT_MAPPING })
    expect(res.statusCode).toBe(200)
    expect(
      res.json().rows.map((r: { outcome: string; reason: string | null }) => [r.outcome, r.reason]),
    ).toEqual([
      ['CREATE', null],
      ['SKIP', 'FIRST_NAME_MISSING'],
      ['SKIP', 'BIRTH_DATE_INVALID'],
      ['SKIP', 'DUPLICATE_IN_FILE'],
      ['UPDATE', null],
    ])
    const made = await t.database.db.select().from(clients).where(like(clients.email, '%@import.test'))
    expect(made).toEqual([])
  })

  it('runs as a job: creates, updates and skips with reasons; opening balances once each through the ledger', async () => {
    const file = clientsCsv({ rows: 300, bad: 10, duplicates: 6, phoneBase: 10_000_000 })
    const known = (
      await t.database.db.select().from(clients).where(eq(clients.franchiseId, fid)).limit(1)
    )[0]!
    const csv = `${file.csv}Known,Again,,${known.phone},,,,999\n`
    const id = (await upload(csv)).json().id
    const started = await call('POST', `/api/v2/imports/${id}/run`, { mapping: IMPORT_MAPPING })
    expect(started.statusCode).toBe(200)
    expect(['QUEUED', 'RUNNING', 'DONE']).toContain(started.json().status)
    const done = await waitDone(id)
    expect(done).toMatchObject({
      status: 'DONE',
      totalRows: 301,
      rowsRead: 301,
      created: file.valid,
      updated: 1,
      skipped: file.bad + file.duplicates,
    })
    const made = await t.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.franchiseId, fid), like(clients.email, '%@import.test')))
    expect(made).toHaveLength(file.valid)
    expect(made.every((c) => c.acquiredFrom === 'MIGRATION')).toBe(true)
    const c1 = made.find((c) => c.phone === file.phoneOf(1))!
    expect(c1).toMatchObject({
      firstName: 'Prénom1',
      gender: 'female',
      birthDate: '1951-02-02',
      postcode: '75002',
    })
    const rows = await t.database.db
      .select()
      .from(pointsTransactions)
      .where(like(pointsTransactions.reference, `import:${id}:%`))
    expect(rows.every((r) => r.type === 'migration' && r.franchiseId === fid)).toBe(true)
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(file.points)
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length)
    // The known client was updated, not given the opening balance.
    const [k] = await t.database.db.select().from(clients).where(eq(clients.id, known.id))
    expect(k).toMatchObject({ firstName: 'Known', lastName: 'Again', acquiredFrom: known.acquiredFrom })

    // Running it again (a retried job) changes nothing.
    await t.database.db.update(clientImports).set({ status: 'RUNNING' }).where(eq(clientImports.id, id))
    expect(await runImport(t.database.db, id)).toBe('DONE')
    const again = await t.database.db
      .select()
      .from(pointsTransactions)
      .where(like(pointsTransactions.reference, `import:${id}:%`))
    expect(again).toHaveLength(rows.length)
    expect((await call('GET', `/api/v2/imports/${id}`)).json().created).toBe(file.valid)

    const twice = await call('POST', `/api/v2/imports/${id}/run`, { mapping: IMPORT_MAPPING })
    expect(twice.statusCode).toBe(409)
  }, 120_000)

  it('reports the skipped rows as CSV with their reasons, formulas made inert', async () => {
    const csv = [
      'first_name,phone,email',
      '=HYPERLINK("http://evil.test"),12,',
      '@SUM(A1),0712349999,',
      '+cmd,,',
      'Fine,0712349998,',
    ].join('\n')
    const id = (await upload(csv)).json().id
    await call('POST', `/api/v2/imports/${id}/run`, { mapping: { firstName: 0, phone: 1, email: 2 } })
    expect((await waitDone(id)).skipped).toBe(2)
    const res = await call('GET', `/api/v2/imports/${id}/report`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain('clients-skipped.csv')
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toBe('row,reason,field,first_name,phone,email')
    expect(lines[1]).toBe(`1,PHONE_INVALID,phone,"'=HYPERLINK(""http://evil.test"")",12,`)
    expect(lines[2]).toBe(`3,CONTACT_MISSING,phone,'+cmd,,`)
    // Created: the one whose name starts with @ is a name, stored as given, and not in the report.
    expect(lines).toHaveLength(3)
    const page = (await call('GET', `/api/v2/imports/${id}/skipped`)).json()
    expect(page).toEqual({
      total: 2,
      rows: [
        {
          row: 1,
          reason: 'PHONE_INVALID',
          field: 'phone',
          cells: ['=HYPERLINK("http://evil.test")', '12', ''],
        },
        { row: 3, reason: 'CONTACT_MISSING', field: 'phone', cells: ['+cmd', '', ''] },
      ],
    })
  })

  it('survives the database going away mid-run: the import stays RUNNING and the retry finishes it', async () => {
    const res = await upload('first_name,last_name,email,phone\nAna,Lima,ana@restart.test,0712340009\n')
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id
    // Queued by hand, without a job: this test runs it.
    await t.database.db
      .update(clientImports)
      .set({ mapping: IMPORT_MAPPING, status: 'QUEUED' })
      .where(eq(clientImports.id, id))
    // The stored file's read fails as a restarting server fails it (57P01).
    const restart = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    })
    await expect(runImport(readsFailing(t.database.db, restart), id)).rejects.toBe(restart)
    expect((await call('GET', `/api/v2/imports/${id}`)).json().status).toBe('RUNNING')
    expect(await runImport(t.database.db, id)).toBe('DONE')
    expect((await call('GET', `/api/v2/imports/${id}`)).json().created).toBe(1)
  })

  it('cancels an import before it runs', async () => {
    const id = (await upload('first_name,phone\nA,0712348888\n')).json().id
    const res = await call('POST', `/api/v2/imports/${id}/cancel`)
    expect(res.json().status).toBe('CANCELLED')
    expect(
      (await call('POST', `/api/v2/imports/${id}/run`, { mapping: { firstName: 0, phone: 1 } })).statusCode,
    ).toBe(409)
  })

  it("answers another franchise's import with a 404 and a store owner with a 403", async () => {
    const id = (await upload('first_name,phone\nA,0712347777\n')).json().id
    const bagels = await loginAs(t.app, 'bagels@demo.test')
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/preview', { mapping: { firstName: 0, phone: 1 } }],
      ['POST', '/run', { mapping: { firstName: 0, phone: 1 } }],
      ['POST', '/cancel', undefined],
      ['GET', '/report', undefined],
      ['GET', '/skipped', undefined],
    ] as const) {
      const res = await call(method, `/api/v2/imports/${id}${path}`, body, bagels)
      expect(res.statusCode, path).toBe(404)
    }
    const list = await call('GET', '/api/v2/imports', undefined, bagels)
    expect(list.json().map((i: { id: string }) => i.id)).not.toContain(id)
    expect((await upload('a,b\n', bagels, `?franchiseId=${fid}`)).statusCode).toBe(404)
    const store = await loginAs(t.app, 'store@demo.test')
    expect((await call('GET', `/api/v2/imports/${id}`, undefined, store)).statusCode).toBe(403)
    expect((await call('GET', `/api/v2/imports/${id}`)).json().status).toBe('UPLOADED')
  })
})

/** `db` whose reads of an import's stored file fail with `error` (every other statement runs). */
function readsFailing(db: Db, error: Error): Db {
  const failing = { where: () => ({ orderBy: () => Promise.reject(error) }) }
  return new Proxy(db, {
    get(target, key) {
      if (key !== 'select') return Reflect.get(target, key)
      return (...args: Parameters<Db['select']>) => {
        const builder = target.select(...args)
        return new Proxy(builder, {
          get(b, k) {
            if (k === 'from')
              return (table: unknown) =>
                table === clientImportChunks ? failing : b.from(table as typeof clientImportChunks)
            return Reflect.get(b, k)
          },
        })
      }
    },
  })
}
