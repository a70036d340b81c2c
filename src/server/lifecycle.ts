// A process's life in a fleet (issue 37 §1): which role it plays, and the stop that loses no request.
// On SIGTERM the readiness endpoint answers 503 for SHUTDOWN_DRAIN_MS, long enough for the balancer's
// health check to take the process out, then Fastify stops listening, lets the requests in flight
// finish and closes the job queue (pg-boss waits for running jobs, then fails them back to the queue,
// where another worker takes them), all within SHUTDOWN_TIMEOUT_MS.
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import type { ProcessRole } from './config'
import { isDatabaseUnavailable } from './db/unavailable'

export type Lifecycle = { role: ProcessRole; draining: boolean }

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle
  }
}

export type ShutdownOptions = { drainMs: number; timeoutMs: number }

/** Drains, then closes the app: true when everything closed within the time limit. */
export async function drainAndClose(
  app: FastifyInstance,
  { drainMs, timeoutMs }: ShutdownOptions,
  wait: (ms: number) => Promise<unknown> = unrefSleep,
): Promise<boolean> {
  app.lifecycle.draining = true
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'draining: readiness answers 503 before the stop')
    await wait(drainMs)
  }
  return Promise.race([app.close().then(() => true), wait(timeoutMs).then(() => false)])
}

// The process's own handles keep it alive; a pending stop timer must not.
const unrefSleep = (ms: number) => sleep(ms, undefined, { ref: false })

/** SIGTERM and SIGINT stop the process that way; a second signal exits at once. */
export function stopOnSignals(app: FastifyInstance, options: ShutdownOptions) {
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) process.exit(1)
      stopping = true
      app.log.info(`${signal}: stopping`)
      const closed = await drainAndClose(app, options)
      if (!closed) app.log.error({ timeoutMs: options.timeoutMs }, 'stop: still busy at the time limit')
      process.exit(closed ? 0 : 1)
    })
  }
}

/**
 * A promise rejected with nobody to catch it: pg-boss 10 completes or fails a finished job without
 * awaiting it (manager.js, work's onFetch), so a database restart at that moment used to kill the
 * worker. A lost database is survivable (the job stays active, expires and runs again; every job is
 * idempotent), so it is logged and the process goes on; anything else is a bug: logged, and the process
 * exits for its supervisor to start it again, as Node does by default.
 */
export function onUnhandledRejection(
  log: { warn: (o: object, m: string) => void; fatal: (o: object, m: string) => void },
  exit: (code: number) => void = (code) => process.exit(code),
) {
  return (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ code: (reason as { code?: string }).code }, 'database unavailable (unhandled rejection)')
      return
    }
    log.fatal({ err: reason }, 'unhandled rejection')
    exit(1)
  }
}
