// A process's life in a fleet (issue 37 §1): which role it plays, and the stop that loses no request.
// On SIGTERM the readiness endpoint answers 503 for SHUTDOWN_DRAIN_MS, long enough for the balancer's
// health check to take the process out, then Fastify stops listening, lets the requests in flight
// finish and closes the job queue (pg-boss waits for running jobs, then fails them back to the queue,
// where another worker takes them), all within SHUTDOWN_TIMEOUT_MS.
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import type { ProcessRole } from './config'

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
