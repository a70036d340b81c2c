// E-mail through SMTP (issue 35 §2), against a real SMTP server the test starts on 127.0.0.1
// (smtp-server): what arrives (a plain-text and an HTML part, its headers), the outbox's record, a
// refused recipient and a server that drops the connection (both reject; nothing is recorded as sent),
// DKIM signing. PGlite and PostgreSQL.
import { generateKeyPairSync } from 'node:crypto'
import { type AddressInfo, createServer } from 'node:net'
import { eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlOf, smtpMailer, smtpOptions } from '../../src/server/adapters/mail/smtp'
import { outbox } from '../../src/server/db/schema'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

type Received = { from: string; to: string[]; raw: string }

/** An SMTP server on a free port that keeps what it receives and refuses one address. */
async function smtpServer() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === 'refused@example.test') {
        const err = new Error('No such user here') as Error & { responseCode?: number }
        err.responseCode = 550
        return callback(err)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address)
        received.push({
          from: (session.envelope.mailFrom || { address: '' }).address,
          to,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/**
 * A server that takes a whole message and drops the connection instead of answering it (a crash, a
 * network cut): the client never hears "accepted". Plain SMTP over a socket, as RFC 5321 has it.
 */
async function droppingServer() {
  const server = createServer((socket) => {
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
  const { port } = server.address() as AddressInfo
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe.each(databaseKinds())('mail through SMTP on %s', (kind) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof smtpServer>>
  const db = () => t.database.db
  const FROM = 'Loyalty Back-office <no-reply@loyalty.test>'

  beforeAll(async () => {
    t = await startTestApp(kind)
    smtp = await smtpServer()
  }, 120_000)
  afterAll(async () => {
    await smtp?.close()
    await t?.close()
  })

  it('delivers a plain-text and an HTML part with its headers, and records what the server accepted', async () => {
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM })
    const text =
      'Bonjour Zoé,\n\nConfirm your account: https://app.example.com/register/confirm?token=abc&x=1\n\nÀ bientôt'
    const sent = await mailer.send(db(), {
      to: 'zoe@example.test',
      subject: 'Confirmez votre compte / Confirm your account',
      text,
      dedupeKey: 'sign-up:zoe',
    })
    mailer.close()
    expect(smtp.received).toHaveLength(1)
    const got = smtp.received[0]!
    expect(got).toMatchObject({ from: 'no-reply@loyalty.test', to: ['zoe@example.test'] })
    const mail = await simpleParser(got.raw)
    expect(mail.subject).toBe('Confirmez votre compte / Confirm your account')
    expect(mail.from?.value).toEqual([{ name: 'Loyalty Back-office', address: 'no-reply@loyalty.test' }])
    expect(mail.text?.trim()).toBe(text)
    expect(mail.html).toContain('<a href="https://app.example.com/register/confirm?token=abc&amp;x=1">')
    expect(mail.html).toContain('<p>Bonjour Zoé,</p>')
    const [row] = await db().select().from(outbox).where(eq(outbox.id, sent.id))
    expect(row).toMatchObject({
      channel: 'email',
      provider: 'smtp',
      status: 'SENT',
      recipient: 'zoe@example.test',
    })
    expect(row!.providerMessageId).toBe(mail.messageId)
  })

  it('rejects a refused recipient and a dropped connection, recording neither as sent', async () => {
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM })
    const before = smtp.received.length
    await expect(
      mailer.send(db(), { to: 'refused@example.test', subject: 'x', text: 'y', dedupeKey: 'r1' }),
    ).rejects.toThrow(/550|No such user/)
    mailer.close()
    const dropping = await droppingServer()
    const cut = smtpMailer({ url: `smtp://127.0.0.1:${dropping.port}`, from: FROM })
    await expect(
      cut.send(db(), { to: 'zoe@example.test', subject: 'x', text: 'y', dedupeKey: 'r2' }),
    ).rejects.toThrow()
    cut.close()
    await dropping.close()
    expect(smtp.received).toHaveLength(before)
    for (const key of ['r1', 'r2'])
      expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, key))).toEqual([])
  })

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const mailer = smtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: FROM,
      dkim: {
        domainName: 'loyalty.test',
        keySelector: 'mail',
        privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      },
    })
    await mailer.send(db(), { to: 'dkim@example.test', subject: 'Signed', text: 'Hello' })
    mailer.close()
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
