// How the delivery jobs (webhooks, e-mail) are asked to run: at once, when the database notifies at
// commit that something is there to send (a run of the process that hears it), from a button or a web
// process (a pg-boss job), and at the time a retry falls due. pg-boss's singleton slot counts a finished
// job too: an ask made once a run of the same few seconds had started got no job (a throttle), and
// what it asked for waited for the minute's cron. A retry queued as a job for later fared the same, or
// waited for that job's expiry when the process that took it died.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Database } from '../db/client'

/**
 * Asks for a run of `name` now. Asks within `seconds` share a run, and one always starts after the ask
 * (pg-boss's debounce: the next slot when this one is taken, whose job has not started yet).
 */
export async function queueRunNow(boss: PgBoss | undefined, name: string, seconds: number) {
  if (!boss) return
  await boss.sendDebounced(name, {}, {}, seconds, 'now')
}

/**
 * One timer in this process to the earliest time asked of it, which then calls `fire` (a run in this
 * process, or an ask to the queue). A process that dies first loses it: the minute's cron catches up.
 */
export function dueTimer(fire: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let due = Number.POSITIVE_INFINITY
  const stop = () => {
    clearTimeout(timer)
    timer = undefined
    due = Number.POSITIVE_INFINITY
  }
  return {
    at(when: Date) {
      if (when.getTime() >= due) return
      stop()
      due = when.getTime()
      timer = setTimeout(
        () => {
          stop()
          fire()
        },
        Math.max(0, due - Date.now()),
      )
    },
    stop,
  }
}

/**
 * Runs `run` at each `wake()`, one run at a time: a wake during a run asks for one more run after it
 * (what was committed meanwhile may have been claimed too late for it). `idle()` waits for the end.
 */
export function wakeableRun(run: () => Promise<unknown>, onError: (err: unknown) => void) {
  let current: Promise<void> | null = null
  let again = false
  const loop = async () => {
    do {
      again = false
      await run().catch(onError)
    } while (again)
    current = null
  }
  return {
    wake() {
      if (current) again = true
      else current = loop()
    },
    idle: async () => {
      await current
    },
  }
}

/**
 * A delivery job's runs in this process (webhooks, e-mail): at each notification on `channel` (sent as
 * what is due commits), once whenever the channel opens (what it may have missed while down), at the
 * time a retry falls due (`run` is handed `dueAt`), and at each run of the pg-boss job `name` (its cron,
 * the asks). Returns `stop`, which waits for a run under way.
 */
export async function startDeliveryRuns(
  boss: PgBoss,
  database: Pick<Database, 'listen'>,
  job: { name: string; channel: string; polling: { pollingIntervalSeconds: number } },
  run: (dueAt: (at: Date) => void) => Promise<unknown>,
  log: FastifyBaseLogger,
) {
  const deliverNow = wakeableRun(
    () => run(retryAt.at),
    (err) => log.error({ err, job: job.name }, 'delivery run failed'),
  )
  const retryAt = dueTimer(deliverNow.wake)
  await boss.work(job.name, job.polling, async () => run(retryAt.at))
  const stopListening = await database.listen(job.channel, deliverNow.wake, (live) => {
    if (live) deliverNow.wake()
  })
  return async () => {
    retryAt.stop()
    await stopListening()
    await deliverNow.idle()
  }
}
