// Global setup of the e2e project: builds the front end when missing and starts one server per worker
// slot (E2E_SERVERS, by default the project's maxWorkers), each on a free port with its own fresh PGlite
// directory, demo data, SMS provider and clock, so journeys run side by side without sharing data. The
// directory starts as a copy of the demo template the server tests use (tests/support/database.ts):
// each server migrating and seeding its own took the run's first minute, before any test file.
// A journey reaches its worker's server through tests/support/e2e-target.ts (by VITEST_POOL_ID: a worker
// slot runs one file at a time, so a server serves one journey at a time, as before).
// Each server's SMS go to a provider on 127.0.0.1 (tests/support/fake-provider.ts) that stands for the
// customers' phones: the Messages page masks one-time codes (issue 34), so a journey reads a code where
// a customer would. The servers run on the controlled clock (tests/support/controlled-clock.mjs) at real
// time: a journey that must wait for a delay (an SMS code's resend) moves its server's clock on and back
// (sharedServerClock in e2e-clock.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writeDemoPglite } from './database'
import type { E2EServer } from './e2e-target'
import { type FakeProvider, startFakeProvider } from './fake-provider'
import { buildFrontEnd, type ProductionServer, startProductionServer } from './production-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker slot (VITEST_POOL_ID 1 … n): e2e-target.ts picks a file's own. */
    e2eServers: E2EServer[]
  }
}

const started: { server: ProductionServer; phones: FakeProvider; clockDir: string }[] = []

async function startOne(): Promise<E2EServer> {
  const phones = await startFakeProvider()
  const clockDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-shared-clock-'))
  const clockFile = path.join(clockDir, 'offset')
  writeFileSync(clockFile, '0')
  const server = await startProductionServer({
    env: { SMS_API_URL: phones.url, SMS_API_KEY: 'e2e', CLOCK_OFFSET_FILE: clockFile },
    nodeArgs: ['--import', './tests/support/controlled-clock.mjs'],
    prepare: writeDemoPglite,
  })
  started.push({ server, phones, clockDir })
  return {
    baseURL: server.url,
    smsProviderURL: phones.url,
    sharedClock: { file: clockFile, pid: server.pid },
  }
}

export async function setup(project: TestProject) {
  buildFrontEnd()
  const count = Math.max(1, Number(process.env.E2E_SERVERS ?? project.config.maxWorkers ?? 1))
  const servers = await Promise.all(Array.from({ length: count }, startOne))
  project.provide('e2eServers', servers)
}

export async function teardown() {
  for (const { server, phones, clockDir } of started.splice(0)) {
    await server.stop()
    await phones.close()
    rmSync(clockDir, { recursive: true, force: true })
  }
}
