// Setup file of the e2e project: leases an e2e server for this test file alone (tests/support/
// e2e-server.ts runs them) before the file is loaded, and gives it back after the file's last hook
// (a setup file's afterAll runs after the file's own).
import { request } from 'node:http'
import { afterAll, inject } from 'vitest'
import { type E2EServer, setE2EServer } from './e2e-target'

/** POSTs to the lease desk. node:http sets no time limit: a lease waits for a server to start or free up. */
const post = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const req = request(`${inject('e2eLeases')}${path}`, { method: 'POST' }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () =>
        res.statusCode === 200 ? resolve(body) : reject(new Error(`e2e lease desk: ${body}`)),
      )
    })
    req.on('error', reject)
    req.end()
  })

const server = JSON.parse(await post('/lease')) as E2EServer
setE2EServer(server)
afterAll(() => post(`/release/${server.id}`))
