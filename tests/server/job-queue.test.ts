// pg-boss's queues made by several processes at once (a fleet starting, issue 37): pg-boss 10's
// create_queue deadlocks between them, and jobs/queue.ts tries the victim again. Here four queue
// handles, as four processes would, make the same new queues at the same moment. PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createQueue } from '../../src/server/jobs/queue'
import { openTestDatabase, type TestDatabase } from '../support/database'

describe.runIf(!!process.env.DATABASE_URL)('job queues made by several processes at once (postgres)', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  }, 60_000)
  afterAll(() => database?.drop())

  it('makes every queue once, whichever process comes first', async () => {
    const bosses = Array.from({ length: 4 }, () => createQueue(database, database.url))
    // A queue with no 'error' listener throws its pool's errors as uncaught exceptions: one whose pool
    // still held a connection when afterAll dropped the database (57P01) failed a whole run that way.
    // Errors while the queues work fail the test; those after they are stopped are the drop's.
    const errors: unknown[] = []
    let stopped = false
    for (const b of bosses) b.on('error', (error) => stopped || errors.push(error))
    try {
      await Promise.all(bosses.map((b) => b.start()))
      const names = Array.from({ length: 12 }, (_, i) => `fleet.test-${i}`)
      // Each one in turn, as a process's start does, all four at once.
      await Promise.all(
        bosses.map(async (b) => {
          for (const n of names) await b.createQueue(n, { name: n, policy: 'short' })
        }),
      )
      const made = await bosses[0]!.getQueues()
      expect(
        made
          .filter((q) => q.name.startsWith('fleet.test-'))
          .map((q) => q.name)
          .sort(),
      ).toEqual([...names].sort())
      expect(errors).toEqual([])
    } finally {
      await Promise.all(bosses.map((b) => b.stop({ graceful: false, wait: true })))
      stopped = true
    }
  }, 60_000)
})
