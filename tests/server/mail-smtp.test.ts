// E-mail through SMTP (issue 35 §2), against a real SMTP server the test starts on 127.0.0.1
// (smtp-server): a queued message and what arrives when the mail job sends it (a plain-text and an
// HTML part, its headers, the language of its recipient), a refused recipient (failed, never tried
// again), a server that drops the connection (retried by the job at its backoff, arrives once), a
// sender that dies mid-send (taken again after its lease, arrives once, same Message-ID), DKIM.
// PGlite and PostgreSQL; time from the test's clock.
import { generateKeyPairSync } from 'node:crypto'
import { type AddressInfo, connect, createServer } from 'node:net'
import { eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ERASED_MARK } from '../../src/domain/gdpr'
import { queuedMailer } from '../../src/server/adapters/mail'
import { htmlOf, smtpOptions, smtpTransport } from '../../src/server/adapters/mail/smtp'
import { testConfig } from '../../src/server/config'
import { outbox, users } from '../../src/server/db/schema'
import { claimDueMail, deliverDueMail } from '../../src/server/services/mail-delivery'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { smtpServer } from '../support/smtp-server'

/**
 * A server that takes a whole message and drops the connection instead of answering it (a crash, a
 * network cut: the client never hears "accepted"), the first `drops` times; later connections reach
 * the real server at `port`. Plain SMTP over a socket, as RFC 5321 has it.
 */
async function flakyServer(port: number, drops: number) {
  let connections = 0
  const server = createServer((socket) => {
    if (connections++ >= drops) {
      const upstream = connect(port, '127.0.0.1')
      socket.pipe(upstream).pipe(socket)
      upstream.on('error', () => socket.destroy())
      socket.on('error', () => upstream.destroy())
      return
    }
    let inData = false
    let buffer = ''
    socket.write('220 drop.test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      if (inData) {
        if (buffer.includes('\r\n.\r\n')) socket.destroy()
        return
      }
      let i = buffer.indexOf('\r\n')
      while (i >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 drop.test\r\n')
        else if (/^DATA/i.test(line)) {
          inData = true
          socket.write('354 go ahead\r\n')
          return
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
        i = buffer.indexOf('\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port: own } = server.address() as AddressInfo
  return { port: own, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe.each(databaseKinds())('mail through SMTP on %s', (kind) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof smtpServer>>
  const db = () => t.database.db
  const FROM = 'Loyalty Back-office <no-reply@loyalty.test>'
  // Each test's clock starts a little after its own messages are queued (they are due at once).
  let start = 0
  beforeEach(() => {
    start = Date.now() + 5_000
  })
  const at = (minutes: number) => () => new Date(start + minutes * 60_000)
  const row = async (id: string) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!

  beforeAll(async () => {
    smtp = await smtpServer()
    t = await startTestApp(kind, {
      seed: true,
      config: {
        adapters: {
          ...testConfig().adapters,
          mail: { smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from: FROM } },
        },
      },
    })
  }, 120_000)
  afterAll(async () => {
    // The app first: it closes its pooled SMTP connections, which the server's close() otherwise waits
    // out (smtp-server's closeTimeout, 30 s: most of this file's time).
    await t?.close()
    await smtp?.close()
  })

  it('queues a message and the job delivers a plain-text and an HTML part with its headers', async () => {
    const mailer = queuedMailer(smtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM }))
    const text =
      'Bonjour Zoé,\n\nConfirm your account: https://app.example.com/register/confirm?token=abc&x=1\n\nÀ bientôt'
    const before = smtp.received.length
    const queued = await mailer.send(db(), {
      to: 'zoe@example.test',
      subject: 'Confirmez votre compte',
      text,
    })
    expect(await row(queued.id)).toMatchObject({
      status: 'QUEUED',
      provider: 'smtp',
      attempts: 0,
      sentAt: null,
    })
    expect(smtp.received).toHaveLength(before)

    const run = await deliverDueMail({ db: db(), transport: mailer.transport!, clock: at(0) })
    mailer.close?.()
    expect(run).toMatchObject({ sent: 1, retrying: 0, failed: 0 })
    expect(smtp.received).toHaveLength(before + 1)
    const got = smtp.received.at(-1)!
    expect(got).toMatchObject({ from: 'no-reply@loyalty.test', to: ['zoe@example.test'] })
    const mail = await simpleParser(got.raw)
    expect(mail.subject).toBe('Confirmez votre compte')
    expect(mail.from?.value).toEqual([{ name: 'Loyalty Back-office', address: 'no-reply@loyalty.test' }])
    expect(mail.text?.trim()).toBe(text)
    expect(mail.html).toContain('<a href="https://app.example.com/register/confirm?token=abc&amp;x=1">')
    expect(mail.html).toContain('<p>Bonjour Zoé,</p>')
    expect(mail.messageId).toBe(`<${queued.id}@loyalty.test>`)
    expect(await row(queued.id)).toMatchObject({
      status: 'SENT',
      attempts: 1,
      providerMessageId: mail.messageId,
    })
  })

  it('a refused recipient fails at once and is never tried again', async () => {
    const mailer = queuedMailer(smtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM }))
    const before = smtp.received.length
    const { id } = await mailer.send(db(), { to: 'refused@example.test', subject: 'x', text: 'y' })
    expect(await deliverDueMail({ db: db(), transport: mailer.transport!, clock: at(0) })).toMatchObject({
      failed: 1,
    })
    expect(await row(id)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'SMTP 550' })
    expect(await deliverDueMail({ db: db(), transport: mailer.transport!, clock: at(600) })).toMatchObject({
      sent: 0,
      failed: 0,
    })
    mailer.close?.()
    expect(smtp.received).toHaveLength(before)
  })

  it('a dropped connection is retried by the job at its backoff, and the message arrives once', async () => {
    const flaky = await flakyServer(smtp.port, 1)
    const mailer = queuedMailer(smtpTransport({ url: `smtp://127.0.0.1:${flaky.port}`, from: FROM }))
    const transport = mailer.transport!
    const before = smtp.received.length
    const { id } = await mailer.send(db(), { to: 'drop@example.test', subject: 'Once', text: 'Only once' })
    expect(await deliverDueMail({ db: db(), transport, clock: at(0) })).toMatchObject({ retrying: 1 })
    expect(await row(id)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      lastError: expect.stringMatching(/^SMTP /),
    })
    // Not before its backoff (one minute after the first attempt) …
    expect(await deliverDueMail({ db: db(), transport, clock: at(0.5) })).toMatchObject({ sent: 0 })
    expect(smtp.received).toHaveLength(before)
    // … then once, and never again.
    expect(await deliverDueMail({ db: db(), transport, clock: at(1.1) })).toMatchObject({ sent: 1 })
    expect(await deliverDueMail({ db: db(), transport, clock: at(120) })).toMatchObject({ sent: 0 })
    mailer.close?.()
    await flaky.close()
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['drop@example.test']])
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null })
  })

  it('a sender that dies mid-send leaves the message to be taken again after its lease, sent once', async () => {
    const mailer = queuedMailer(smtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM }))
    const transport = mailer.transport!
    const before = smtp.received.length
    const { id } = await mailer.send(db(), { to: 'lease@example.test', subject: 'Lease', text: 'Leased' })
    // A worker claims it and dies before sending: the row stays SENDING under its lease.
    const claimed = await claimDueMail(db(), at(0)(), 10)
    expect(claimed.map((c) => c.id)).toContain(id)
    expect(await deliverDueMail({ db: db(), transport, clock: at(1) })).toMatchObject({ sent: 0 })
    expect(await deliverDueMail({ db: db(), transport, clock: at(6) })).toMatchObject({ sent: 1 })
    expect(await deliverDueMail({ db: db(), transport, clock: at(60) })).toMatchObject({ sent: 0 })
    mailer.close?.()
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['lease@example.test']])
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 })
  })

  it('a GDPR notice reaches its address, then the outbox forgets it', async () => {
    const mailer = queuedMailer(smtpTransport({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM }))
    const before = smtp.received.length
    const { id } = await mailer.send(db(), {
      to: 'erased@example.test',
      subject: 'Vos données personnelles ont été effacées',
      text: 'Bonjour',
      forgetRecipient: true,
    })
    expect(await row(id)).toMatchObject({ status: 'QUEUED', recipient: 'erased@example.test' })
    expect(await deliverDueMail({ db: db(), transport: mailer.transport!, clock: at(0) })).toMatchObject({
      sent: 1,
    })
    mailer.close?.()
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['erased@example.test']])
    expect(await row(id)).toMatchObject({ status: 'SENT', recipient: ERASED_MARK })
  })

  it('a password reset reaches the server in the language its account chose, else the request’s', async () => {
    const transport = t.app.adapters.mail.transport!
    expect(t.app.adapters.mail.kind).toBe('smtp')
    const before = smtp.received.length
    const ask = (email: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/request-password-reset',
        headers: { 'accept-language': language },
        payload: { email },
      })
    expect((await ask('owner@demo.test', 'en-US,en;q=0.9')).statusCode).toBe(202)
    expect((await ask('store@demo.test', 'fr-FR,fr;q=0.9')).statusCode).toBe(202)
    // An account's own choice wins over the request's.
    await db()
      .update(users)
      .set({ settings: { language: 'en' } })
      .where(eq(users.email, 'bagels@demo.test'))
    expect((await ask('bagels@demo.test', 'fr-FR')).statusCode).toBe(202)
    expect(await deliverDueMail({ db: db(), transport, clock: at(0) })).toMatchObject({ sent: 3 })
    const mails = await Promise.all(smtp.received.slice(before).map((m) => simpleParser(m.raw)))
    const to = (m: (typeof mails)[number]) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : '')
    const byTo = Object.fromEntries(mails.map((m) => [to(m), m]))
    expect(byTo['owner@demo.test']?.subject).toBe('Reset your password')
    expect(byTo['owner@demo.test']?.text).toMatch(
      /open this link within one hour:\nhttp\S+reset-password\?token=/,
    )
    expect(byTo['owner@demo.test']?.html).toMatch(/<a href="http\S+reset-password\?token=/)
    expect(byTo['store@demo.test']?.subject).toBe('Réinitialisez votre mot de passe')
    expect(byTo['store@demo.test']?.text).toMatch(/^Bonjour .*\n\nPour choisir un nouveau mot de passe/)
    expect(byTo['store@demo.test']?.text).not.toMatch(/Hello/)
    expect(byTo['bagels@demo.test']?.subject).toBe('Reset your password')
  })

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const transport = smtpTransport({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: FROM,
      dkim: {
        domainName: 'loyalty.test',
        keySelector: 'mail',
        privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      },
    })
    await transport.deliver({
      id: crypto.randomUUID(),
      to: 'dkim@example.test',
      subject: 'Signed',
      text: 'Hello',
    })
    transport.close()
    const raw = smtp.received.at(-1)!.raw
    expect(raw).toMatch(/^DKIM-Signature: .*d=loyalty\.test;.*s=mail;/ms)
  })

  it('reads its connection from the URL: TLS, port, credentials, pooled', () => {
    expect(smtpOptions({ url: 'smtps://u%40x:p%3Bw@smtp.example.com', from: FROM })).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'u@x', pass: 'p;w' },
      pool: true,
    })
    expect(smtpOptions({ url: 'smtp://smtp.example.com:2525?requireTLS=true', from: FROM })).toMatchObject({
      port: 2525,
      secure: false,
      requireTLS: true,
    })
  })

  it('writes the HTML part from the text alone, escaped', () => {
    expect(htmlOf('a <b> & "c"\nnext\n\nhttp://x.test/?a=1&b=2')).toBe(
      '<!doctype html><html><body><p>a &lt;b&gt; &amp; &quot;c&quot;<br>next</p><p><a href="http://x.test/?a=1&amp;b=2">http://x.test/?a=1&amp;b=2</a></p></body></html>',
    )
  })
})
