// A web process of a fleet (PROCESS_ROLE=web) runs no jobs but must still queue them for the workers:
// a campaign saved there, an import started there, each is a pg-boss job a worker then takes. Before
// issue 37's chaos test found it, such a process had no queue at all and the campaign stayed QUEUED
// until a worker happened to restart; an e-mail queued there waited for the workers' cron (up to a
// minute for a password reset). PostgreSQL only: PGlite serves one process, which runs the jobs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { todayIn } from '../../src/domain/today'
import { testConfig } from '../../src/server/config'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { IMPORT_JOB } from '../../src/server/jobs/imports'
import { MAIL_DELIVER_JOB } from '../../src/server/jobs/mail'
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

  it('asks the workers for a mail run when it queues an e-mail, instead of leaving it to the cron', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/request-password-reset',
      payload: { email: 'owner@demo.test' },
    })
    expect(reset.statusCode, reset.body).toBe(202)
    // The ask goes out beside the answer.
    await vi.waitFor(async () => expect(await jobs(MAIL_DELIVER_JOB, 'now')).toEqual(['created']))
  })
})
