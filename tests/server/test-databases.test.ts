// The server tests' PGlite (tests/support/database.ts): a worker hands the PGlite a file dropped to the
// next file (issue 36 §6: loading the template took more of the server tests' time than their tests),
// so the next file must find the template's state exactly: no row, no session setting, no listener, no
// schema change of the previous file; and the previous file's handle must refuse every statement.
import { afterEach, describe, expect, it } from 'vitest'
import { APP_ROLE, OWNER, runAs } from '../../src/server/db/tenant-context'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { demoKey, isStaleDemo } from '../support/template-key'

const opened: TestDatabase[] = []
const open = async () => {
  const database = await openTestDatabase('pglite')
  opened.push(database)
  return database
}
afterEach(async () => {
  for (const d of opened.splice(0)) await d.drop()
})
const asOwner = <T>(fn: () => Promise<T>) => runAs(OWNER, fn)
/** When this PGlite's server started: one PGlite's mark, another PGlite's differs. */
const startOf = async (d: TestDatabase) =>
  String((await asOwner(() => d.raw('select pg_postmaster_start_time()::text as t'))).rows[0]?.t)
const franchiseCount = async (d: TestDatabase) =>
  Number((await asOwner(() => d.raw('select count(*) as n from franchises'))).rows[0]?.n)

describe('a PGlite handed from one test file to the next', () => {
  it('comes back empty, its session reset, and the old handle refuses statements', async () => {
    const first = await open()
    const started = await startOf(first)
    await asOwner(() =>
      first.raw(`insert into franchises (name, code_alpha3, timezone, currency_code)
        values ('Left behind', 'FRA', 'Europe/Paris', 'EUR')`),
    )
    expect(await franchiseCount(first)).toBe(1)
    await asOwner(() => first.raw('analyze franchises'))
    let notified = 0
    await first.listen(
      'left_behind',
      () => notified++,
      () => {},
    )
    // Left set when the file ends: the app's tenant settings, and a lock.
    await asOwner(() =>
      first.raw(`select set_config('app.actor', 'tenant', false), set_config('role', '${APP_ROLE}', false);
        select pg_advisory_lock(42)`),
    )
    await first.drop()

    const next = await open()
    expect(await startOf(next), 'the same PGlite, emptied').toBe(started)
    expect(await franchiseCount(next)).toBe(0)
    const planned = await asOwner(() =>
      next.raw(`select (select count(*) from pg_statistic where starelid = 'franchises'::regclass) as columns,
        reltuples from pg_class where oid = 'franchises'::regclass`),
    )
    // What a table never analyzed shows: no column statistics, its size unknown.
    expect(planned.rows[0]).toMatchObject({ reltuples: -1 })
    expect(Number(planned.rows[0]?.columns)).toBe(0)
    const session = await asOwner(() =>
      next.raw(`select current_user as who, current_setting('app.actor', true) as actor,
        pg_try_advisory_lock(42) as free, count(*) as locks from pg_locks where locktype = 'advisory'`),
    )
    expect(session.rows[0]).toMatchObject({ who: 'postgres', actor: '', free: true })
    await asOwner(() => next.raw("select pg_notify('left_behind', 'x')"))
    expect(notified).toBe(0)
    await expect(first.raw('select 1')).rejects.toThrow('PGlite is closed')
  })

  // PostgreSQL's timers in PGlite are setTimeout calls with deadlines read from a clock a test may have run
  // weeks ahead (tests/support/database.ts): one past setTimeout's range fired after 1 ms, and asked again
  // at once, for the rest of the worker's run (expiry-first-run.test.ts left 4,000 such alarms in 15 s).
  it('holds a timer past setTimeout’s range until then, not 1 ms', () => {
    const timer = setTimeout(() => {}, 40 * 24 * 3600_000) as unknown as { _idleTimeout: number }
    const delay = timer._idleTimeout
    clearTimeout(timer as never)
    expect(delay).toBe(2 ** 31 - 1)
  })

  it('is the same PGlite when its file changed no schema, a new one when it did', async () => {
    const first = await open()
    const started = await startOf(first)
    await first.drop()
    const second = await open()
    expect(await startOf(second)).toBe(started)
    await asOwner(() =>
      second.raw('create function left_behind() returns int language sql as $$ select 1 $$'),
    )
    await second.drop()

    const third = await open()
    expect(await startOf(third)).not.toBe(started)
    const { rows } = await asOwner(() =>
      third.raw("select count(*) as n from pg_proc where proname = 'left_behind'"),
    )
    expect(Number(rows[0]?.n)).toBe(0)
  })
})

describe('the PGlite templates', () => {
  // Every database and e2e server copied from the seeded demo loaded its five 16 MB WAL segments (80 MB
  // of its 141 MB), kept for reuse while it was made; made with wal_recycle off and a checkpoint, it
  // holds the one or two its checkpoint needs (issue 36 §6).
  it('hold no WAL segment kept for reuse', async () => {
    const demo = await openTestDatabase('pglite', { demo: true })
    opened.push(demo)
    const { rows } = await asOwner(() =>
      demo.raw("select count(*) as n from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'"),
    )
    expect(Number(rows[0]?.n)).toBeLessThanOrEqual(2)
  })
})

describe('the demo template of a run', () => {
  const at = (iso: string) => new Date(iso)

  it('is the same for the whole run when the hour turns, and another after the demo’s midnight', () => {
    const started = '2026120206'
    expect(demoKey(at('2026-12-02T07:30:00Z'), started)).toBe(demoKey(at('2026-12-02T06:59:00Z'), started))
    expect(demoKey(at('2026-12-02T07:30:00Z'), '2026120207')).not.toBe(
      demoKey(at('2026-12-02T07:30:00Z'), started),
    )
    // Midnight in Paris (the demo franchise's zone) is 23:00 UTC in December: the demo's "today" moved.
    expect(demoKey(at('2026-12-02T23:10:00Z'), '2026120222')).not.toBe(
      demoKey(at('2026-12-02T22:50:00Z'), '2026120222'),
    )
  })

  it('is removed only three hours after its run started, never while a run may still copy it', () => {
    const key = demoKey(at('2026-12-02T06:10:00Z'), '2026120206')
    expect(isStaleDemo(`pglite-demo-template-${key}.tar`, at('2026-12-02T08:59:00Z'))).toBe(false)
    expect(isStaleDemo(`test_demo_${key}`, at('2026-12-02T09:01:00Z'))).toBe(true)
    // Names from before runs were marked (the hour alone) are left from older code: removed.
    expect(isStaleDemo('test_demo_0123456789ab_2026120205', at('2026-12-02T06:00:00Z'))).toBe(true)
  })
})
