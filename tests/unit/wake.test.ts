// The in-process runs that deliver webhooks and e-mail as the database notifies (jobs/wake.ts
// wakeableRun): one run at a time, and a wake during a run asks for exactly one more after it. And the
// timer that wakes them when a retry falls due (dueTimer).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dueTimer, wakeableRun } from '../../src/server/jobs/wake'

/** A run the test ends by hand, to wake the runner in the middle of it. */
function heldRuns() {
  const ends: (() => void)[] = []
  let started = 0
  const run = () => {
    started++
    return new Promise<void>((resolve) => ends.push(resolve))
  }
  const endNext = async () => {
    ends.shift()?.()
    await new Promise((r) => setImmediate(r))
  }
  return { run, endNext, started: () => started }
}

describe('wakeableRun', () => {
  it('runs once per wake when idle, and once more for any number of wakes during a run', async () => {
    const runs = heldRuns()
    const runner = wakeableRun(runs.run, () => {})
    runner.wake()
    expect(runs.started()).toBe(1)
    runner.wake()
    runner.wake()
    expect(runs.started()).toBe(1)
    await runs.endNext()
    expect(runs.started()).toBe(2)
    await runs.endNext()
    await runner.idle()
    expect(runs.started()).toBe(2)
    runner.wake()
    expect(runs.started()).toBe(3)
    await runs.endNext()
    await runner.idle()
  })

  it('reports a failed run and keeps answering wakes', async () => {
    const errors: unknown[] = []
    let calls = 0
    const runner = wakeableRun(
      async () => {
        calls++
        if (calls === 1) throw new Error('database gone')
      },
      (err) => errors.push(err),
    )
    runner.wake()
    await runner.idle()
    runner.wake()
    await runner.idle()
    expect([calls, errors.map((e) => (e as Error).message)]).toEqual([2, ['database gone']])
  })
})

describe('dueTimer', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('fires once at the earliest time asked, then waits for the next ask', () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T10:00:00Z') })
    const fired: string[] = []
    const timer = dueTimer(() => fired.push(new Date().toISOString()))
    timer.at(new Date('2026-12-02T10:00:30Z'))
    // A later time does not put it off; an earlier one brings it forward.
    timer.at(new Date('2026-12-02T10:00:45Z'))
    timer.at(new Date('2026-12-02T10:00:20Z'))
    vi.advanceTimersByTime(19_999)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(60_000)
    expect(fired).toEqual(['2026-12-02T10:00:20.000Z'])
    // A time already past fires at once.
    timer.at(new Date('2026-12-02T10:00:00Z'))
    vi.advanceTimersByTime(0)
    expect(fired).toHaveLength(2)
  })

  it('fires nothing once stopped', () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T10:00:00Z') })
    let fired = 0
    const timer = dueTimer(() => fired++)
    timer.at(new Date('2026-12-02T10:00:30Z'))
    timer.stop()
    vi.advanceTimersByTime(60_000)
    expect(fired).toBe(0)
  })
})
