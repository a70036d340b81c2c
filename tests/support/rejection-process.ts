// A process for tests/server/lifecycle.test.ts: it installs the server's unhandled-rejection handler
// (lifecycle.ts), then leaves one promise rejected with nobody to catch it, as pg-boss 10 does when the
// database goes away as a job finishes: REJECT=database (a real refused connection) or REJECT=bug (a
// TypeError). It prints "alive" if it is still running a moment later.
import pg from 'pg'
import { freePort } from '../../src/server/fleet/fleet'
import { onUnhandledRejection } from '../../src/server/lifecycle'

const log = {
  warn: (_o: object, m: string) => console.log(`warn: ${m}`),
  fatal: (_o: object, m: string) => console.log(`fatal: ${m}`),
}
process.on('unhandledRejection', onUnhandledRejection(log))
if (process.env.REJECT === 'database') {
  const client = new pg.Client({ host: '127.0.0.1', port: await freePort() })
  void client.connect()
} else void Promise.reject(new TypeError('x is not a function'))
await new Promise((r) => setTimeout(r, 300))
console.log('alive')
