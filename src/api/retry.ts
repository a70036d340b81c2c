// When the browser sends a call again by itself (issue 37 §1): a server process restarting behind the
// balancer refuses or resets a connection, or the balancer answers 502/503/504 for a moment. Only calls
// that are safe to repeat are: reads, and writes carrying an Idempotency-Key (the server answers a repeat
// with the first answer). Any other write is never sent twice, whatever the failure.
// (Kept small: it is part of every page's first download.)

/** Waits before each new attempt: about 3.5 s in all, longer than a process takes to leave the balancer. */
export const RETRY_DELAYS_MS = [250, 500, 1000, 2000]

export const isRepeatable = (method: string, headers: Record<string, string> = {}) =>
  method === 'GET' || method === 'HEAD' || Object.keys(headers).some((h) => /^idempotency-key$/i.test(h))

/** A failure another attempt may get past: no answer at all (status 0), or the balancer's. */
export const isTransient = (status: number) => status === 0 || (status > 501 && status < 505)

/**
 * Runs `attempt` until it succeeds, fails for good, or the delays run out. `statusOf` reads an error's
 * HTTP status (0 when no answer came); `stopped` ends the retries (the caller went away).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  o: {
    repeatable: boolean
    statusOf: (error: unknown) => number
    stopped?: () => boolean
    wait?: (ms: number) => Promise<unknown>
  },
): Promise<T> {
  for (const delay of [...RETRY_DELAYS_MS, -1]) {
    try {
      return await attempt()
    } catch (error) {
      if (delay < 0 || !o.repeatable || !isTransient(o.statusOf(error)) || o.stopped?.()) throw error
      await (o.wait ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(delay)
    }
  }
  throw new Error('unreachable')
}
