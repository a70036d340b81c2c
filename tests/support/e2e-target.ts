// The e2e server of this test file: the one of its worker slot (tests/support/e2e-server.ts starts one
// per slot). A slot runs one file at a time, so the journeys on one server never overlap.
import { inject } from 'vitest'

export type E2EServer = {
  baseURL: string
  /** The SMS provider's address (the customers' phones): tests/support/e2e-outbox.ts reads it. */
  smsProviderURL: string
  /** The server's clock: the offset file its controlled clock reads, and its pid (SIGUSR2). */
  sharedClock: { file: string; pid: number }
}

export function e2eServer(): E2EServer {
  const servers = inject('e2eServers')
  const slot = Number(process.env.VITEST_POOL_ID ?? '1') - 1
  return servers[slot % servers.length]!
}
