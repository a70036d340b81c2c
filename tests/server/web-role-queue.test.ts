// A web process of a fleet (PROCESS_ROLE=web) runs no jobs but must still queue them for the workers:
// a campaign saved there, an import started there, each is a pg-boss job a worker then takes. Before
// issue 37's chaos test found it, such a process had no queue at all and the campaign stayed QUEUED
// until a worker happened to restart. An e-mail queued there reaches the workers as the database's
// notification at commit (sql/mail_due_notify.sql), as one queued by a worker does. PostgreSQL only:
// PGlite serves one process, which runs the jobs.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { todayIn } from '../../src/domain/today'
import { testConfig } from '../../src/server/config'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { IMPORT_JOB } from '../../src/server/jobs/imports'
import { DISPATCH_JOB } from '../../src/server/services/campaign-dispatch'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { franchiseNamed, smsNewsCampaignBody, soldesNewsBody } from '../support/campaign-fixtures'
import { csvUpload, IMPORT_MAPPING } from '../support/import-fixtures'

describe.runIf(!!process.env.DATABASE_URL)('a web process queues jobs for the workers (postgres)', () => {
  let t: TestApp
  let owner: string
  let fid: string
  let ownerId: string
  beforeAll(async () => {
    // A mail server configured (nothing listens there: no worker sends in this test): its messages are
    // queued in the outbox for a worker's mail job.
    const mail = { smtp: { url: 'smtp://127.0.0.1:9', from: 'shop@example.test' } }
    t = await startTestApp('postgres', {
      seed: true,
      config: { jobs: false, role: 'web', adapters: { ...testConfig().adapters, mail } },
    })
    owner = await loginAs(t.app, 'owner@demo.test')
    const f = await franchiseNamed(t.database.db, 'Maison Dupont')
    fid = f.id
    ownerId = f.userId!
  }, 120_000)
  afterAll(() => t?.close())

  const jobs = async (name: string, key: string) =>
    (
      await runAs(OWNER, () =>
        t.database.raw('select state from pgboss.job where name = $1 and singleton_key = $2', [name, key]),
      )
    ).rows.map((r) => r.state)
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(owner), payload })

  it('queues a campaign saved without a schedule, and an import started, without running them', async () => {
    const today = todayIn('Europe/Paris')
    const news = await post(`/api/v2/franchises/${fid}/news`, soldesNewsBody(today))
    expect(news.statusCode, news.body).toBe(201)
    const campaign = await post(
      `/api/v2/franchises/${fid}/communication-campaigns`,
      smsNewsCampaignBody(ownerId, news.json().id),
    )
    expect(campaign.statusCode, campaign.body).toBe(201)
    expect(await jobs(DISPATCH_JOB, campaign.json().id)).toEqual(['created'])

    const upload = csvUpload('first_name,last_name,email,phone\nAna,Lima,ana@web.test,0712340001\n')
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/v2/imports',
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer(owner) },
    })
    expect(file.statusCode, file.body).toBe(201)
    const id = file.json().id
    const run = await post(`/api/v2/imports/${id}/run`, {
      mapping: {
        ...IMPORT_MAPPING,
        gender: undefined,
        birthDate: undefined,
        postcode: undefined,
        points: undefined,
      },
    })
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json().status).toBe('QUEUED')
    expect(await jobs(IMPORT_JOB, id)).toEqual(['created'])
  })

  it('tells the workers when it queues an e-mail, as its transaction commits', async () => {
    // What a worker listens to (plugins/jobs.ts), on a connection of its own.
    const worker = new pg.Client({ connectionString: t.database.url })
    await worker.connect()
    const heard: string[] = []
    worker.on('notification', (m) => heard.push(m.channel))
    await worker.query('LISTEN mail_due')
    try {
      const reset = await t.app.inject({
        method: 'POST',
        url: '/request-password-reset',
        payload: { email: 'owner@demo.test' },
      })
      expect(reset.statusCode, reset.body).toBe(202)
      await vi.waitFor(() => expect(heard).toEqual(['mail_due']))
    } finally {
      await worker.end()
    }
  })
})
