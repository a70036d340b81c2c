// Global setup of the e2e project: builds the front end when missing, starts ONE server on a free
// port with a fresh PGlite directory and the demo data, and hands its URL to every e2e file. Its SMS go
// to a provider on 127.0.0.1 (tests/support/fake-provider.ts) that stands for the customers' phones:
// the Messages page masks one-time codes (issue 34), so a journey reads a code where a customer would.
import type { TestProject } from 'vitest/node'
import { type FakeProvider, startFakeProvider } from './fake-provider'
import { buildFrontEnd, type ProductionServer, startProductionServer } from './production-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The SMS provider's address (the customers' phones): tests/support/e2e-outbox.ts reads it. */
    smsProviderURL: string
  }
}

let server: ProductionServer | undefined
let phones: FakeProvider | undefined

export async function setup(project: TestProject) {
  buildFrontEnd()
  phones = await startFakeProvider()
  server = await startProductionServer({ env: { SMS_API_URL: phones.url, SMS_API_KEY: 'e2e' } })
  project.provide('baseURL', server.url)
  project.provide('smsProviderURL', phones.url)
}

export async function teardown() {
  await server?.stop()
  await phones?.close()
}
