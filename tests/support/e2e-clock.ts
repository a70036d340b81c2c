// An e2e server of one file's own whose clock the test sets (tests/support/controlled-clock.mjs): the
// journeys of time-driven jobs (the automations' daily run at 10:00) start it at a chosen instant,
// with the demo data seeded on that day, and move its time forward to the next scheduled tick.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
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
