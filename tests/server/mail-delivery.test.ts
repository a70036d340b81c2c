// The mail job in a running app (issue 35 §2): a message a request queues goes out as the request's
// transaction commits, from the database's notification (sql/mail_due_notify.sql), without the
// minute's run. The process that queued it used to ask the job queue for a run itself, from inside
// that transaction: a run could start before the commit, find nothing, and leave the message to the
// cron. The delivery rules themselves are mail-smtp.test.ts.
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../../src/server/config'
import { MAIL_DELIVER_JOB } from '../../src/server/jobs/mail'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { smtpServer } from '../support/smtp-server'

describe.each(databaseKinds())('the mail job on %s', (kind) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof smtpServer>>
  beforeAll(async () => {
    smtp = await smtpServer()
    const mail = { smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@loyalty.test' } }
    t = await startTestApp(kind, {
      seed: true,
      config: { jobs: true, adapters: { ...testConfig().adapters, mail } },
    })
  }, 120_000)
  afterAll(async () => {
    // The app first: it closes its pooled SMTP connections, which the server's close() would wait out.
    await t?.close()
    await smtp?.close()
  })

  it("sends a password reset as its request commits, without the minute's run", async () => {
    // The job's pg-boss worker stopped (its runs come from the cron): only the database's notification
    // at commit can start a run.
    await t.app.jobs!.offWork(MAIL_DELIVER_JOB)
    const before = smtp.received.length
    const reset = await t.app.inject({
      method: 'POST',
      url: '/request-password-reset',
      payload: { email: 'owner@demo.test' },
    })
    expect(reset.statusCode, reset.body).toBe(202)
    await vi.waitFor(() => expect(smtp.received.length).toBe(before + 1), { timeout: 20_000, interval: 50 })
    const got = smtp.received.at(-1)!
    expect(got.to).toEqual(['owner@demo.test'])
    expect((await simpleParser(got.raw)).text).toMatch(/reset-password\?token=/)
  }, 30_000)
})
