// Global setup of the e2e project: builds the front end when missing and runs the e2e servers, each on
// a free port with its own fresh database (on PostgreSQL when DATABASE_URL is set, else a PGlite
// directory), demo data, SMS provider and clock. A test file leases one for itself before it starts
// (tests/support/e2e-lease.ts, a setup file) and gives it back after its last hook: two files never
// share a server, so journeys run side by side without seeing each other's data. (Picking a server by
// VITEST_POOL_ID did not ensure that: two files could get the same one.) A server starts on the first
// lease that finds none free, up to E2E_SERVERS (by default the project's maxWorkers): none runs while
// the other projects' files do (an idle one polls its job queue, 5% of a core each). Its database starts
// as a copy of the demo template the server tests use (tests/support/database.ts): each server migrating
// and seeding its own took a CPU-bound minute.
// Each server's SMS go to a provider on 127.0.0.1 (tests/support/fake-provider.ts) that stands for the
// customers' phones: the Messages page masks one-time codes (issue 34), so a journey reads a code where
// a customer would. The servers run on the controlled clock (tests/support/controlled-clock.mjs) at real
// time: a journey that must wait for a delay (an SMS code's resend) moves its server's clock on and back
// (sharedServerClock in e2e-clock.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareDemo, writeDemoPglite } from './database'
import { demoPostgres } from './database-postgres'
import type { E2EServer } from './e2e-target'
import { type FakeProvider, startFakeProvider } from './fake-provider'
import { buildFrontEnd, type ProductionServer, startProductionServer } from './production-server'
import { serverCommand } from './worker-bundle'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The lease desk's address: POST /lease answers an E2EServer, POST /release/:id gives it back. */
    e2eLeases: string
  }
}

type Running = {
  info: E2EServer
  server: ProductionServer
  phones: FakeProvider
  clockDir: string
  database?: { drop(): Promise<void> }
}

const running: Promise<Running>[] = []
const free: Running[] = []
const waiting: ((r: Running) => void)[] = []
let desk: Server | undefined

async function startOne(id: number): Promise<Running> {
  const phones = await startFakeProvider()
  const clockDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-shared-clock-'))
  const clockFile = path.join(clockDir, 'offset')
  writeFileSync(clockFile, '0')
  // On PostgreSQL when the run has one: a copy of the demo template there costs the server half the CPU
  // PGlite's did (issue 36 §6). The automations journey's server stays on PGlite (e2e-clock.ts).
  const database = process.env.DATABASE_URL ? await demoPostgres() : undefined
  const server = await startProductionServer({
    env: {
      SMS_API_URL: phones.url,
      SMS_API_KEY: 'e2e',
      CLOCK_OFFSET_FILE: clockFile,
      // A campaign's SMS go out at 500 a second, not the default 50: a send-now journey waited 12 s for
      // the demo's recipients with the machine idle (issue 36 §6); the pace itself is the server tests'.
      CAMPAIGN_SMS_PER_SECOND: '500',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    nodeArgs: ['--import', './tests/support/controlled-clock.mjs'],
    ...(database ? {} : { prepare: writeDemoPglite }),
  }).catch(async (error) => {
    await database?.drop()
    throw error
  })
  const info = {
    id,
    baseURL: server.url,
    smsProviderURL: phones.url,
    sharedClock: { file: clockFile, pid: server.pid },
  }
  return { info, server, phones, clockDir, ...(database ? { database } : {}) }
}

/** A free server, else a new one while there are fewer than `max`, else the next one given back. */
function lease(max: number): Promise<Running> {
  const idle = free.shift()
  if (idle) return Promise.resolve(idle)
  if (running.length < max) {
    const started = startOne(running.length + 1)
    running.push(started)
    return started
  }
  return new Promise((resolve) => waiting.push(resolve))
}

async function release(id: number) {
  const r = await running[id - 1]
  if (!r) return
  const next = waiting.shift()
  if (next) next(r)
  else free.push(r)
}

export async function setup(project: TestProject) {
  buildFrontEnd()
  // Made beside the other projects' first files (the server tests need it too), not when the first
  // journey waits for its server: at an hour's turn that was half a minute with nothing else to run.
  prepareDemo()
  // The servers' bundle too: built at the first lease, it held the journeys' start after every other
  // project's last file, with both cores idle (issue 36 §6).
  serverCommand().catch(() => undefined)
  const max = Math.max(1, Number(process.env.E2E_SERVERS ?? project.config.maxWorkers ?? 1))
  desk = createServer((req, res) => {
    const answer = (p: Promise<unknown>) =>
      p.then(
        (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {})),
        (error: Error) => res.writeHead(500).end(String(error.stack ?? error)),
      )
    const released = /^\/release\/(\d+)$/.exec(req.url ?? '')
    if (req.method === 'POST' && req.url === '/lease') answer(lease(max).then((r) => r.info))
    else if (req.method === 'POST' && released) answer(release(Number(released[1])))
    else res.writeHead(404).end()
  })
  // A server's start can outlast Node's default request timeouts on a loaded machine.
  desk.requestTimeout = 0
  desk.headersTimeout = 0
  await new Promise<void>((resolve) => desk!.listen(0, '127.0.0.1', resolve))
  project.provide('e2eLeases', `http://127.0.0.1:${(desk.address() as AddressInfo).port}`)
}

export async function teardown() {
  desk?.close()
  for (const started of running.splice(0)) {
    const { server, phones, clockDir, database } = await started
    await server.stop()
    await database?.drop()
    await phones.close()
    rmSync(clockDir, { recursive: true, force: true })
  }
}
