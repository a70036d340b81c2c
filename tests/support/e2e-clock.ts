// An e2e server of one file's own whose clock the test sets (tests/support/controlled-clock.mjs): the
// journeys of time-driven jobs (the automations' daily run at 10:00) start it at a chosen instant,
// with the demo data seeded on that day, and move its time forward to the next scheduled tick.
// sharedServerClock: the shared e2e server's clock (tests/support/e2e-server.ts), at real time unless a
// journey moves it on for a moment.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { e2eServer } from './e2e-target'
import { startProductionServer } from './production-server'

export type ClockedServer = {
  url: string
  /** Sets the server's clock to `at` (it runs on from there). */
  moveTo(at: Date): void
  stop(): Promise<void>
}

export async function startClockedServer(at: Date): Promise<ClockedServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-clock-'))
  const file = path.join(dir, 'offset')
  const setOffset = (to: Date) => writeFileSync(file, String(to.getTime() - Date.now()))
  setOffset(at)
  const server = await startProductionServer({
    env: { CLOCK_OFFSET_FILE: file },
    nodeArgs: ['--import', './tests/support/controlled-clock.mjs'],
    // From the migrated template: it seeds on its own clock, but need not migrate (7 s of CPU). Imported
    // here only: the journeys' worker has no other use for the server's database code.
    prepare: async (dir) => (await import('./database')).writeMigratedPglite(dir),
    // A second server seeding beside the shared one: slow on a loaded machine.
    healthTimeoutMs: 540_000,
  })
  return {
    url: server.url,
    moveTo(to) {
      setOffset(to)
      process.kill(server.pid, 'SIGUSR2')
    },
    async stop() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type SharedServerClock = {
  /**
   * Moves the shared server's clock on to `at` (it runs on from there), instead of waiting for it; a
   * time already past leaves it at real time.
   */
  moveTo(at: Date): void
  /** Back to real time. */
  reset(): void
}

/**
 * The shared e2e server's clock. The files after this one share that server and compare its time with
 * the browser's (countdowns, schedules): a journey moves it on only while it needs to, and resets it
 * (in a `finally`, and in its afterAll).
 */
export function sharedServerClock(): SharedServerClock {
  const { file, pid } = e2eServer().sharedClock
  const setOffset = (ms: number) => {
    writeFileSync(file, String(ms))
    process.kill(pid, 'SIGUSR2')
  }
  return {
    moveTo: (at) => setOffset(Math.max(0, at.getTime() - Date.now())),
    reset: () => setOffset(0),
  }
}
