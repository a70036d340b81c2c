// Global setup of the e2e project: builds the front end when missing, starts ONE server on a free
// port with a fresh PGlite directory and the demo data, and hands its URL to every e2e file. Its SMS go
// to a provider on 127.0.0.1 (tests/support/fake-provider.ts) that stands for the customers' phones:
// the Messages page masks one-time codes (issue 34), so a journey reads a code where a customer would.
// The server runs on the controlled clock (tests/support/controlled-clock.mjs) at real time: a journey
// that must wait for a delay (an SMS code's resend) moves it on and back (sharedServerClock in e2e-clock.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { type FakeProvider, startFakeProvider } from './fake-provider'
import { buildFrontEnd, type ProductionServer, startProductionServer } from './production-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The SMS provider's address (the customers' phones): tests/support/e2e-outbox.ts reads it. */
    smsProviderURL: string
    /** The shared server's clock: the offset file its controlled clock reads, and its pid (SIGUSR2). */
    sharedClock: { file: string; pid: number }
  }
}

let server: ProductionServer | undefined
let phones: FakeProvider | undefined
let clockDir: string | undefined

export async function setup(project: TestProject) {
  buildFrontEnd()
  phones = await startFakeProvider()
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-shared-clock-'))
  const clockFile = path.join(clockDir, 'offset')
  writeFileSync(clockFile, '0')
  server = await startProductionServer({
    env: { SMS_API_URL: phones.url, SMS_API_KEY: 'e2e', CLOCK_OFFSET_FILE: clockFile },
    nodeArgs: ['--import', './tests/support/controlled-clock.mjs'],
  })
  project.provide('baseURL', server.url)
  project.provide('smsProviderURL', phones.url)
  project.provide('sharedClock', { file: clockFile, pid: server.pid })
}

export async function teardown() {
  await server?.stop()
  await phones?.close()
  if (clockDir) rmSync(clockDir, { recursive: true, force: true })
}
