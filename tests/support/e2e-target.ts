// The e2e server of this test file: the one it leased for itself (tests/support/e2e-lease.ts, from the
// servers tests/support/e2e-server.ts runs). No other file uses it while this one runs.

export type E2EServer = {
  /** The lease's number, to give it back. */
  id: number
  baseURL: string
  /** The SMS provider's address (the customers' phones): tests/support/e2e-outbox.ts reads it. */
  smsProviderURL: string
  /** The server's clock: the offset file its controlled clock reads, and its pid (SIGUSR2). */
  sharedClock: { file: string; pid: number }
}

let leased: E2EServer | undefined

export function setE2EServer(server: E2EServer) {
  leased = server
}

export function e2eServer(): E2EServer {
  if (!leased) throw new Error('No e2e server leased: tests/support/e2e-lease.ts is the e2e setup file')
  return leased
}
