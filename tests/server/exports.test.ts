import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poolOf } from '../../src/server/db/cursor'
import { campaignRecipients, clientStores, pointsTransactions, stores } from '../../src/server/db/schema'
import { EXPORT_BATCH } from '../../src/server/services/exports'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { insertClient } from '../support/balances'
import { addCampaign, addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'

const ids: Record<string, string> = {}

describe.each(databaseKinds())('CSV exports on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string
  let paris: string

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  /** The file's rows (header first), read as a spreadsheet would, BOM and separator checked. */
  const rowsOf = (body: string, delimiter = ';'): string[][] => {
    expect(body.charCodeAt(0)).toBe(0xfeff)
    return parse(body.slice(1), { delimiter, relax_column_count: false })
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    fid = (await franchiseNamed(db, 'Maison Dupont')).id
    bagelsFid = (await franchiseNamed(db, 'Brooklyn Bagels')).id
    const s = await db.select().from(stores).where(eq(stores.franchiseId, fid))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    const alice = await insertClient(db, {
      franchiseId: fid,
      firstName: 'Alice',
      lastName: 'Martin',
      email: 'alice@example.fr',
      phone: '+33612345678',
      points: 1234,
      totalCollectedPoints: 1500,
      visitCount: 3,
      salesCount: 2,
      totalSpentCents: 2501,
      lastVisitAt: new Date('2026-11-20T23:30:00Z'),
      firstVisitAt: new Date('2026-01-01T10:00:00Z'),
      createdAt: new Date('2026-01-01T10:00:00Z'),
    })
    ids.alice = alice.id
    await db.insert(clientStores).values({ franchiseId: fid, clientId: alice.id, storeId: paris })
    // A name written to run in a spreadsheet.
    const evil = await insertClient(db, {
      franchiseId: fid,
      firstName: '=HYPERLINK("http://evil.test","x")',
      lastName: '@SUM(A1)',
      email: '+cmd|calc@example.fr',
      points: 10,
    })
    ids.evil = evil.id
    const bob = await insertClient(db, { franchiseId: bagelsFid, firstName: 'Bob', lastName: 'Bagel' })
    ids.bob = bob.id
    // The ledger: 21 Nov 00:30 in Paris is 20 Nov 23:30 UTC (the franchise's day counts).
    await db.insert(pointsTransactions).values([
      {
        franchiseId: fid,
        clientId: alice.id,
        storeId: paris,
        type: 'tag',
        points: 50,
        amountCents: 1250,
        currencyCode: 'EUR',
        createdAt: new Date('2026-11-20T23:30:00Z'),
      },
      {
        franchiseId: fid,
        clientId: alice.id,
        storeId: paris,
        type: 'debit',
        points: -20,
        createdAt: new Date('2026-11-22T09:00:00Z'),
      },
      {
        franchiseId: fid,
        clientId: alice.id,
        storeId: paris,
        type: 'credit',
        points: 5,
        createdAt: new Date('2026-10-01T09:00:00Z'),
      },
      {
        franchiseId: fid,
        clientId: evil.id,
        storeId: null,
        type: 'credit',
        points: 10,
        createdAt: new Date('2026-11-22T10:00:00Z'),
      },
    ])
  })
  afterAll(() => t?.close())

  it('exports the client list with its filter, named after the franchise and the day, in French', async () => {
    const res = await get('/api/v2/exports/clients?sort=firstName&order=asc&locale=fr')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="maison-dupont-clients-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const [header, ...rows] = rowsOf(res.body)
    expect(header).toEqual([
      'Prénom',
      'Nom',
      'E-mail',
      'Téléphone',
      expect.any(String),
      expect.any(String),
      'Points',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.stringContaining('(EUR)'),
      'Client depuis',
    ])
    expect(rows.map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.test","x")', 'Alice'])
    const alice = rows[1]!
    expect(alice.slice(0, 4)).toEqual(['Alice', 'Martin', 'alice@example.fr', '+33 6 12 34 56 78'])
    // The screen's formats: French group separator and decimal comma, DD/MM/YYYY in Paris time.
    expect(alice[6]).toBe('1\u202f234')
    expect(alice[9]).toBe('21/11/2026')
    expect(alice[10]).toBe('12,51')
    const searched = await get('/api/v2/exports/clients?filter=alic&locale=fr')
    expect(
      rowsOf(searched.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Alice'])
    const byPhone = await get('/api/v2/exports/clients?filter=0612345678')
    expect(rowsOf(byPhone.body)).toHaveLength(2)
  })

  it('neutralises every cell a spreadsheet would run as a formula, never a number', async () => {
    const res = await get('/api/v2/exports/clients?filter=evil&locale=en')
    const [, evil] = rowsOf(res.body, ',')
    expect(evil!.slice(0, 3)).toEqual([
      '\'=HYPERLINK("http://evil.test","x")',
      "'@SUM(A1)",
      "'+cmd|calc@example.fr",
    ])
    const ledger = await get(
      `/api/v2/franchises/${fid}/exports/ledger?from=2026-11-22&to=2026-11-22&locale=en`,
    )
    const points = rowsOf(ledger.body, ',')
      .slice(1)
      .map((r) => r[4])
    expect(points).toEqual(['-20', '10'])
  })

  // PostgreSQL's COPY writes the client file, csv-stringify every other one (and the client file on
  // PGlite): the bytes must be what csv-stringify writes for the same cells — CRLF after each record, an
  // empty cell left empty, a cell with the separator, a quote or a line break quoted, that line break kept.
  it('writes the client file byte for byte as the other files are written', async () => {
    const db = t.database.db
    await insertClient(db, {
      franchiseId: fid,
      firstName: 'Jo;"hn\nLine',
      lastName: 'Quote"d, name',
      email: null,
      phone: null,
      points: 5,
    })
    for (const [locale, delimiter] of [
      ['fr', ';'],
      ['en', ','],
    ] as const) {
      const res = await get(`/api/v2/exports/clients?sort=firstName&order=asc&locale=${locale}`)
      const cells = rowsOf(res.body, delimiter)
      expect(res.body).toBe(stringify(cells, { delimiter, record_delimiter: 'windows', bom: true }))
      const jo = cells.find((r) => r[0]!.startsWith('Jo'))!
      expect(jo.slice(0, 4)).toEqual(['Jo;"hn\nLine', 'Quote"d, name', '', ''])
      expect(res.body).toContain(
        `"Jo;""hn\nLine"${delimiter}"Quote""d, name"${delimiter}${delimiter}${delimiter}`,
      )
    }
  })

  it('writes English files with commas and MM/DD/YYYY', async () => {
    const res = await get(`/api/v2/exports/clients?filter=Alice&locale=en`)
    const [header, alice] = rowsOf(res.body, ',')
    expect(header![0]).toBe('First name')
    expect(alice![9]).toBe('11/21/2026')
    expect(alice![10]).toBe('12.51')
    expect(alice![6]).toBe('1,234')
  })

  it('exports the ledger of a period in the franchise’s days, the franchise’s or one client’s', async () => {
    const res = await get(`/api/v2/franchises/${fid}/exports/ledger?from=2026-11-21&to=2026-11-30`)
    expect(res.headers['content-disposition']).toContain('maison-dupont-ledger-2026-11-21-2026-11-30-')
    const [header, ...rows] = rowsOf(res.body)
    expect(header![0]).toBe('Date')
    expect(rows.map((r) => [r[0]!.slice(0, 10), r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['21/11/2026', 'Alice', 'Passage', '50', '12,50', 'Maison Dupont — Paris Marais'],
      ['22/11/2026', 'Alice', 'Débit', '-20', '', 'Maison Dupont — Paris Marais'],
      ['22/11/2026', '\'=HYPERLINK("http://evil.test","x")', 'Crédit', '10', '', ''],
    ])
    const one = await get(
      `/api/v2/franchises/${fid}/exports/ledger?from=2026-01-01&to=2026-12-31&clientId=${ids.alice}`,
    )
    expect(
      rowsOf(one.body)
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(['5', '50', '-20'])
    // A store owner's franchise ledger holds its stores' rows only.
    const store = await get(
      `/api/v2/franchises/${fid}/exports/ledger?from=2026-11-21&to=2026-11-30`,
      storeOwner,
    )
    expect(
      rowsOf(store.body)
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(['50', '-20'])
  })

  it('refuses a bad period with a 400 naming the field', async () => {
    const reversed = await get(`/api/v2/franchises/${fid}/exports/ledger?from=2026-11-30&to=2026-11-01`)
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().details).toMatchObject({ field: 'to' })
    const bad = await get(`/api/v2/franchises/${fid}/exports/ledger?from=2026-13-01&to=2026-11-01`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toMatchObject({ field: 'from' })
    const locale = await get('/api/v2/exports/clients?locale=de')
    expect(locale.statusCode).toBe(400)
  })

  it('answers 404 for another tenant’s franchise, client, store or campaign', async () => {
    const period = 'from=2026-01-01&to=2026-12-31'
    expect((await get(`/api/v2/franchises/${bagelsFid}/exports/ledger?${period}`)).statusCode).toBe(404)
    expect(
      (await get(`/api/v2/franchises/${fid}/exports/ledger?${period}&clientId=${ids.bob}`)).statusCode,
    ).toBe(404)
    expect((await get(`/api/v2/exports/clients?franchiseId=${bagelsFid}`)).statusCode).toBe(404)
    expect((await get(`/api/v2/exports/clients?storeId=${paris}`, bagels)).statusCode).toBe(404)
    const c = await addCampaign(t.database.db, bagelsFid)
    expect((await get(`/api/v2/communication-campaigns/${c.id}/exports/recipients`)).statusCode).toBe(404)
    expect((await get('/api/v2/exports/clients')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/exports/clients' })).statusCode).toBe(401)
  })

  it('exports a campaign’s recipients with each delivery', async () => {
    const db = t.database.db
    const c = await addCampaign(db, fid)
    await db.insert(campaignRecipients).values([
      {
        campaignId: c.id,
        clientId: ids.alice!,
        franchiseId: fid,
        channel: 'SMS',
        address: '+33612345678',
        status: 'SENT',
        sentAt: new Date('2026-11-24T09:00:00Z'),
      },
      {
        campaignId: c.id,
        clientId: ids.evil!,
        franchiseId: fid,
        channel: 'SMS',
        address: '+33699999999',
        status: 'SKIPPED',
      },
    ])
    const res = await get(`/api/v2/communication-campaigns/${c.id}/exports/recipients?locale=en`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain('maison-dupont-campaign-recipients-')
    const rows = rowsOf(res.body, ',').slice(1)
    const alice = rows.find((r) => r[0] === 'Alice')!
    expect(alice.slice(2, 5)).toEqual(['+33 6 12 34 56 78', 'Sent', '11/24/2026 10:00 AM'])
    expect(rows).toHaveLength(2)
  })

  // The ledger's keyset once started the next batch after the last row's time as a Date, which has no
  // microseconds: the rows of the last row's millisecond came twice.
  it('writes each ledger move once across batches, moves a few microseconds apart included', async () => {
    const db = t.database.db
    const [client] = await addClients(db, fid, 1, '+3371')
    const n = EXPORT_BATCH + 5
    await t.database.raw(
      `insert into points_transactions (franchise_id, client_id, store_id, type, points, created_at)
       select $1, $2, $3, 'credit', 1, timestamptz '2026-12-05 10:00:00.000001+00' + n * interval '333 microseconds'
       from generate_series(1, $4::int) n`,
      [fid, client, paris, n],
    )
    const res = await get(
      `/api/v2/franchises/${fid}/exports/ledger?from=2026-12-05&to=2026-12-05&clientId=${client}`,
    )
    expect(rowsOf(res.body).slice(1)).toHaveLength(n)
  })

  // PostgreSQL reads the export through a cursor on a connection of its own: a download cancelled
  // after its first bytes must give that connection back, its transaction ended.
  it.runIf(kind === 'postgres')(
    'gives the cursor’s connection back when the download is cancelled',
    async () => {
      const pool = poolOf(t.database.db)!
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/exports/clients?sort=points&order=desc',
        headers: bearer(owner),
        payloadAsStream: true,
      })
      const body = res.stream()
      for await (const _ of body) break
      body.destroy()
      expect(await eventually(async () => pool.idleCount === pool.totalCount)).toBe(true)
      const open = await t.database.raw(
        "select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%' and datname = current_database()",
      )
      expect(open.rows[0]!.n).toBe(0)
    },
  )

  it('streams every row once across batches, in the list’s order', async () => {
    const db = t.database.db
    const n = EXPORT_BATCH * 2 + 17
    await addClients(db, fid, n, '+3370')
    for (const sort of ['points', 'lastVisit', 'firstName'] as const) {
      const res = await get(`/api/v2/exports/clients?sort=${sort}&order=desc&filter=%2B3370`)
      const rows = rowsOf(res.body).slice(1)
      expect(rows).toHaveLength(n)
      expect(new Set(rows.map((r) => r[3])).size).toBe(n)
    }
    const asc = await get('/api/v2/exports/clients?sort=firstName&order=asc&filter=%2B3370')
    const names = rowsOf(asc.body)
      .slice(1)
      .map((r) => r[0]!)
    const list = await get('/api/v2/franchises/clients?sort=firstName&order=asc&filter=%2B3370&size=100')
    expect(names.slice(0, 100)).toEqual(list.json().data.map((c: { firstName: string }) => c.firstName))
  }, 180_000)
})
