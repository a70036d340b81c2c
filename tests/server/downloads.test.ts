// Download tickets (issue 34): the browser's download links carry a one-use, one-minute ticket, never
// the access token (which a proxy's access log would keep). A ticket opens only a download route, once,
// until it expires, while its token lives, as its caller, and never reaches a log.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DOWNLOAD_TICKET_SECONDS } from '../../src/domain/downloads'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('download tickets on %s', (kind) => {
  let t: TestApp
  let owner: string
  let bagels: string
  let fid: string
  let bagelsFid: string

  const ticketFor = async (token = owner) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/downloads', headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().ticket as string
  }
  const open = (url: string) => t.app.inject({ method: 'GET', url })
  const crmExport = (franchiseId = fid) => `/api/v2/franchises/${franchiseId}/crm-clients/export.csv`

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, bagels] = (await Promise.all(
      ['owner@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string]
    fid = (await franchiseNamed(t.database.db, 'Maison Dupont')).id
    bagelsFid = (await franchiseNamed(t.database.db, 'Brooklyn Bagels')).id
  })
  afterAll(async () => t?.close())
  afterEach(() => vi.useRealTimers())

  it('opens a download once, with the query the link adds, and the log keeps no ticket', async () => {
    const ticket = await ticketFor()
    const res = await open(`${crmExport()}?search=a&download=${ticket}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    expect(t.logs.join('\n')).not.toContain(ticket)
    // Spent: the same address, say from a proxy's log, opens nothing.
    expect((await open(`${crmExport()}?search=a&download=${ticket}`)).statusCode).toBe(401)
    // The client list and a campaign's recipients are opened the same way.
    const list = `/api/v2/exports/clients?franchiseId=${fid}&download=${await ticketFor()}`
    expect((await open(list)).statusCode).toBe(200)
  })

  it('opens no route that is not a download, and no forged ticket', async () => {
    expect((await open(`/api/v2/users/me?download=${await ticketFor()}`)).statusCode).toBe(401)
    expect((await open(`${crmExport()}?download=forged`)).statusCode).toBe(401)
  })

  it('expires after its minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const early = await ticketFor()
    const late = await ticketFor()
    vi.setSystemTime(Date.now() + (DOWNLOAD_TICKET_SECONDS - 5) * 1000)
    expect((await open(`${crmExport()}?download=${early}`)).statusCode).toBe(200)
    vi.setSystemTime(Date.now() + 10_000)
    expect((await open(`${crmExport()}?download=${late}`)).statusCode).toBe(401)
  })

  it('ends with its token', async () => {
    const token = await loginAs(t.app, 'owner@demo.test')
    const ticket = await ticketFor(token)
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) })
    expect(out.statusCode).toBeLessThan(300)
    expect((await open(`${crmExport()}?download=${ticket}`)).statusCode).toBe(401)
  })

  it("acts as its caller: another merchant's ticket opens none of this franchise's files", async () => {
    expect([403, 404]).toContain(
      (await open(`${crmExport()}?download=${await ticketFor(bagels)}`)).statusCode,
    )
    expect((await open(`${crmExport(bagelsFid)}?download=${await ticketFor(bagels)}`)).statusCode).toBe(200)
  })

  it('is given to no one without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/downloads' })).statusCode).toBe(401)
  })
})
