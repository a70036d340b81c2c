// Global setup of the e2e project: builds the front end when missing, starts ONE server on a free
// port with a fresh PGlite directory and the demo data, and hands its URL to every e2e file.
import type { TestProject } from 'vitest/node'
import { buildFrontEnd, type ProductionServer, startProductionServer } from './production-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

let server: ProductionServer | undefined

export async function setup(project: TestProject) {
  buildFrontEnd()
  server = await startProductionServer()
  project.provide('baseURL', server.url)
}

export async function teardown() {
  await server?.stop()
}
