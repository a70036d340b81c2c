// A client's history lists the messages sent to them (issue 34: an automation's sends appeared in no
// history): the birthday automation's SMS, run on the test's clock through the dispatch engine, a
// campaign's, newest first with where each came from; a message not sent yet, another client's, and
// another franchise's are not there. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localInstant } from '../../src/domain/campaigns'
import { campaignRecipients, franchises } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addAutomation, addClient, fakeWorkers } from '../support/automation-fixtures'
import { addCampaign, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const TZ = 'Europe/Paris'

describe.each(databaseKinds())("a client's messages on %s", (kind) => {
  let t: TestApp
  let fid: string
  let owner: string
  let bagels: string
  const db = () => t.database.db
  const detail = (clientId: string, token = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/clients/${clientId}`,
      headers: bearer(token),
    })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    await db().update(franchises).set({ timezone: TZ, smsQuietDays: false }).where(eq(franchises.id, fid))
    ;[owner, bagels] = (await Promise.all(
      ['owner@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string]
  }, 120_000)
  afterAll(() => t?.close())

  it("lists the automation's and the campaign's sends, newest first, and nothing else", async () => {
    await addAutomation(db(), fid, 'BIRTHDAY', {
      isActive: true,
      name: 'Joyeux anniversaire',
      lastRunDay: '2026-12-07',
    })
    const zoe = await addClient(db(), fid, { firstName: 'Zoé', birthDate: '1990-12-08' })
    const other = await addClient(db(), fid, { firstName: 'Autre', birthDate: '1985-12-08' })
    const w = fakeWorkers(db())
    await w.runDay(fid, localInstant('2026-12-08', 10, TZ))

    // A campaign sent to Zoé later that day, and one whose send is still to come.
    const sent = await addCampaign(db(), fid, { name: 'Soldes d’hiver', dispatch: 'SENT' })
    const waiting = await addCampaign(db(), fid, { name: 'Pas encore' })
    await db()
      .insert(campaignRecipients)
      .values([
        {
          campaignId: sent.id,
          clientId: zoe.id,
          franchiseId: fid,
          channel: 'SMS',
          address: zoe.phone!,
          status: 'SENT',
          sentAt: new Date('2026-12-08T15:00:00Z'),
        },
        { campaignId: waiting.id, clientId: zoe.id, franchiseId: fid, channel: 'SMS', address: zoe.phone! },
      ])

    const res = await detail(zoe.id)
    expect(res.statusCode, res.body).toBe(200)
    const messages = res.json().messages
    expect(messages).toEqual([
      {
        campaignId: sent.id,
        name: 'Soldes d’hiver',
        origin: 'campaign',
        channel: 'sms',
        status: 'SENT',
        sentAt: '2026-12-08T15:00:00.000Z',
      },
      expect.objectContaining({
        name: 'Joyeux anniversaire',
        origin: 'automation',
        channel: 'sms',
        status: 'SENT',
      }),
    ])
    expect(messages[1].sentAt < messages[0].sentAt).toBe(true)
    expect(messages.map((m: { campaignId: string }) => m.campaignId)).not.toContain(waiting.id)
    // The other birthday client has the automation's message, and not Zoé's campaign.
    const theirs = (await detail(other.id)).json().messages
    expect(theirs.map((m: { name: string }) => m.name)).toEqual(['Joyeux anniversaire'])
  })

  it('shows another franchise none of them', async () => {
    const zoe = await addClient(db(), fid, { firstName: 'Zoé2' })
    expect([403, 404]).toContain((await detail(zoe.id, bagels)).statusCode)
  })
})
