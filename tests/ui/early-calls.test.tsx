// A page's first reads sent with the session's (src/api/early.ts, issue 38 §7): the reads a page made in
// the first seconds of a start (those src/api marks `early`: free of side effects) are remembered for its address and user; at the next start the entry sends
// them at once, and the page's same call takes that answer instead of asking again. A call that differs
// asks for itself, another user's memory is not used, a 401 reaches the session only through the page's
// own call, and signing out forgets it all.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, onUnauthorized, startEarlyCalls } from '../../src/api/client'
import { EARLY_WINDOW_MS } from '../../src/api/early'
import { clearSession, readKey, writeKey } from '../../src/api/storage'
import { type Call, fakeFetch } from '../support/fetch-fake'

const ADDRESS = '/pages/user/clients?page=2'
const listQuery = { page: 2, size: 5, sort: 'lastVisit' }
const sent = (calls: Call[]) => calls.map((c) => `${c.path}?${c.query}`)

/** A start of the app at the address: the entry's early calls, then the window's end. */
function start(address = ADDRESS) {
  window.history.replaceState(null, '', address)
  startEarlyCalls()
}
const endWindow = () => vi.advanceTimersByTime(EARLY_WINDOW_MS)

describe('early calls', () => {
  let calls: Call[]
  let status = 200
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    status = 200
    calls = fakeFetch((c) =>
      c.path.startsWith('/api/') ? [status, { at: c.path, page: c.query.get('page') }] : undefined,
    )
    writeKey('token', 'token-1')
    writeKey('userId', 'user-1')
  })
  afterEach(() => {
    endWindow()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    clearSession()
  })

  it('remembers the first reads of a start, and sends them at the next start before the page asks', async () => {
    start()
    expect(calls).toEqual([]) // nothing remembered yet
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    await call('/api/v2/things', { method: 'POST', body: { a: 1 }, early: true }) // a write is never remembered
    await call('/api/v2/other') // nor a read not marked as a page's first
    endWindow()
    expect(JSON.parse(readKey('earlyCalls')!)).toEqual({
      user: 'user-1',
      pages: {
        // The browser's own day, as the Swedish locale writes it (what earlier versions stored).
        [ADDRESS]: [
          { path: '/api/v2/franchises/clients', query: listQuery, day: new Date().toLocaleDateString('sv') },
        ],
      },
    })

    calls.length = 0
    start()
    // Sent by the entry, before any page code ran.
    expect(sent(calls)).toEqual(['/api/v2/franchises/clients?page=2&size=5&sort=lastVisit'])
    const answer = await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    expect(answer).toEqual({ at: '/api/v2/franchises/clients', page: '2' })
    expect(calls).toHaveLength(1) // the page's call took the early answer
    // Taken once: the same call again asks the server.
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    expect(calls).toHaveLength(2)
  })

  it('lets a call that differs ask for itself, and uses nothing at another address or for another user', async () => {
    start()
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    endWindow()

    calls.length = 0
    start()
    await call('/api/v2/franchises/clients', { query: { ...listQuery, page: 3 }, early: true })
    expect(sent(calls)).toEqual([
      '/api/v2/franchises/clients?page=2&size=5&sort=lastVisit', // early, not taken
      '/api/v2/franchises/clients?page=3&size=5&sort=lastVisit',
    ])
    endWindow()

    calls.length = 0
    start('/pages/loyalty')
    expect(calls).toEqual([])
    endWindow()

    writeKey('userId', 'user-2')
    start()
    expect(calls).toEqual([])
  })

  it('tells the session of a 401 only through the page’s own call', async () => {
    start()
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    endWindow()

    status = 401
    const unauthorized = vi.fn()
    const stop = onUnauthorized(unauthorized)
    try {
      calls.length = 0
      start()
      await vi.waitFor(() => expect(calls).toHaveLength(1))
      await Promise.resolve()
      expect(unauthorized).not.toHaveBeenCalled()
      await expect(
        call('/api/v2/franchises/clients', { query: listQuery, early: true }),
      ).rejects.toMatchObject({
        status: 401,
      })
      expect(unauthorized).toHaveBeenCalledTimes(1)
      expect(calls).toHaveLength(1)
    } finally {
      stop()
    }
  })

  it('sends a read that names a date only on the day it was made', async () => {
    const period = { startDate: '2026-11-02', endDate: '2026-12-01' }
    vi.setSystemTime(new Date(2026, 11, 1, 9))
    start('/pages/dashboards/analytics')
    await call('/api/v2/analytics/franchises/f1/history/days', { query: period, early: true })
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    endWindow()

    calls.length = 0
    vi.setSystemTime(new Date(2026, 11, 1, 18))
    start('/pages/dashboards/analytics')
    expect(sent(calls)).toHaveLength(2) // later the same day: both
    endWindow()

    calls.length = 0
    vi.setSystemTime(new Date(2026, 11, 2, 8))
    start('/pages/dashboards/analytics')
    expect(sent(calls)).toEqual(['/api/v2/franchises/clients?page=2&size=5&sort=lastVisit']) // the next morning
  })

  it('remembers nothing more once another user signed in during the start', async () => {
    start()
    clearSession()
    writeKey('token', 'token-2')
    writeKey('userId', 'user-2')
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    endWindow()
    expect(readKey('earlyCalls')).toBeNull()
  })

  it('sends nothing signed out, and signing out forgets what was remembered', async () => {
    start()
    await call('/api/v2/franchises/clients', { query: listQuery, early: true })
    endWindow()
    expect(readKey('earlyCalls')).not.toBeNull()
    clearSession()
    expect(readKey('earlyCalls')).toBeNull()
    calls.length = 0
    start()
    expect(calls).toEqual([])
  })
})
