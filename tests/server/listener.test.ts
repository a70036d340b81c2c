// A process's LISTEN on PostgreSQL (src/server/db/listener.ts): one connection for every channel it
// listens on, where it opened one per channel (three for a worker sending e-mail: token changes,
// webhooks due, mail due). Each channel's notifications reach its own handlers; a channel stopped is
// no longer heard; a dropped connection tells every channel, and the one that replaces it listens on
// them all again. PostgreSQL only: PGlite listens inside the process.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../../src/server/config'
import { postgresListener } from '../../src/server/db/listener'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { startTestApp, type TestApp } from '../support/app'

const LISTEN_CONNECTIONS = `select count(*)::int as n from pg_stat_activity
  where application_name = 'loyalty-backoffice-listen' and datname = current_database()`

describe.runIf(!!process.env.DATABASE_URL)('listening on PostgreSQL', () => {
  let t: TestApp
  const asOwner = (text: string) => runAs(OWNER, () => t.database.raw(text))
  const connections = async () => Number((await asOwner(LISTEN_CONNECTIONS)).rows[0]?.n)
  beforeAll(async () => {
    // A process that runs the jobs and sends e-mail: it listens on three channels.
    const mail = { smtp: { url: 'smtp://127.0.0.1:9', from: 'shop@example.test' } }
    t = await startTestApp('postgres', {
      config: { jobs: true, adapters: { ...testConfig().adapters, mail } },
    })
  }, 120_000)
  afterAll(() => t?.close())

  it('takes one connection for all of a process’s channels', async () => {
    expect(await connections()).toBe(1)
  })

  it("hears each channel's notifications, stops hearing a stopped one, and listens again after a drop", async () => {
    const listener = postgresListener(t.database.url!)
    const heard: string[] = []
    const states: string[] = []
    const on = (channel: string) =>
      listener.listen(
        channel,
        () => heard.push(channel),
        (live) => states.push(`${channel} ${live}`),
      )
    const stopA = await on('test_a')
    const stopB = await on('test_b')
    expect(states).toEqual(['test_a true', 'test_b true'])
    expect(await connections()).toBe(2)

    await asOwner(`select pg_notify('test_b', ''), pg_notify('test_a', '')`)
    await vi.waitFor(() => expect(heard.sort()).toEqual(['test_a', 'test_b']))

    // Stopped: a notification on it, then one on the other channel, which arrives after it would have.
    await stopA()
    heard.length = 0
    await asOwner(`select pg_notify('test_a', '')`)
    await asOwner(`select pg_notify('test_b', '')`)
    await vi.waitFor(() => expect(heard).toEqual(['test_b']))

    // Its connection ended by the server: told, then back on its channel within a second or so.
    states.length = 0
    const stopC = await on('test_c')
    await asOwner(`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'loyalty-backoffice-listen' and datname = current_database()
        and query ilike 'listen test_%'`)
    await vi.waitFor(
      () =>
        expect(states).toEqual(['test_c true', 'test_b false', 'test_c false', 'test_b true', 'test_c true']),
      {
        timeout: 10_000,
      },
    )
    heard.length = 0
    await asOwner(`select pg_notify('test_c', ''), pg_notify('test_b', '')`)
    await vi.waitFor(() => expect(heard.sort()).toEqual(['test_b', 'test_c']))

    await stopB()
    await stopC()
    // The app's own connection is all that is left.
    await vi.waitFor(async () => expect(await connections()).toBe(1))
  })
})
