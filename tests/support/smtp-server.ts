// An SMTP server on 127.0.0.1 for the mail tests (smtp-server): it keeps what it receives and refuses
// one address (refused@example.test) with a 550, as a real server refuses an unknown mailbox.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type Received = { from: string; to: string[]; raw: string }

/** An SMTP server on a free port that keeps what it receives and refuses one address. */
export async function smtpServer() {
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
