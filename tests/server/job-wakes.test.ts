// Runs asked for at once (the webhooks' "send test event" button, a web process's wake): pg-boss's
// singleton slots count a finished job too, so an ask made after a run of the same slot had started got
// no run, and waited for the minute's cron. Every ask now gets a run that starts after it (pg-boss's
// debounce: the next slot when this one is taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { createQueue } from '../../src/server/jobs/queue'
import { queueRunNow } from '../../src/server/jobs/wake'
import { queueWebhookRun, WEBHOOKS_DELIVER_JOB } from '../../src/server/jobs/webhooks'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

describe.each(databaseKinds())('a run asked for at once on %s', (kind) => {
  let database: TestDatabase
  let boss: ReturnType<typeof createQueue>
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    boss = createQueue(database, database.url)
    boss.on('error', () => {})
    await boss.start()
  }, 60_000)
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true })
    await database?.drop()
  })

  const waiting = async (name: string) =>
    (
      await runAs(OWNER, () =>
        database.raw("select count(*)::int as n from pgboss.job where name = $1 and state = 'created'", [
          name,
        ]),
      )
    ).rows[0]!.n

  it('comes after a run of the same moment has already started', async () => {
    const name = WEBHOOKS_DELIVER_JOB
    await boss.createQueue(name, { name, policy: 'standard' })
    await queueWebhookRun(boss)
    // A worker takes the run (a message queued or a change committed just before).
    const [job] = await boss.fetch(name)
    expect(job).toBeDefined()
    expect(await waiting(name)).toBe(0)
    // Something else to send, asked for while that run is under way: a run must still come for it.
    await queueWebhookRun(boss)
    expect(await waiting(name)).toBe(1)
    await boss.complete(name, job!.id)
  })

  it('shares one run among the asks of one slot', async () => {
    // Slots are the database clock's multiples of the given seconds: an hour here, so that the asks fall
    // in one (with the webhooks' 5 s, a slot ending between two asks makes a second run, as it should,
    // and made this test fail once on PGlite).
    const name = 'test.debounced'
    const ask = () => queueRunNow(boss, name, 3600)
    await boss.createQueue(name, { name, policy: 'standard' })
    await ask()
    const [job] = await boss.fetch(name)
    expect(job).toBeDefined()
    await ask()
    await ask()
    await ask()
    expect(await waiting(name)).toBe(1)
    await boss.complete(name, job!.id)
  })
})
