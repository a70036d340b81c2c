// When the browser sends a call again by itself (issue 37 §1): a server process restarting behind the
// balancer refuses or resets a connection, or the balancer answers 502/503/504 for a moment. Only calls
// that are safe to repeat are: reads, and writes carrying an Idempotency-Key (the server answers a repeat
// with the first answer). Any other write is never sent twice, whatever the failure.

/** Waits before each new attempt: about 3.5 s in all, longer than a process takes to leave the balancer. */
export const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000] as const

const GATEWAY = new Set([502, 503, 504])

export function isRepeatable(method: string, headers: Record<string, string> = {}): boolean {
  if (method === 'GET' || method === 'HEAD') return true
  return Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')
}

/** A failure another attempt may get past: no answer at all, or the balancer's. Status 0: no answer. */
export const isTransient = (status: number) => status === 0 || GATEWAY.has(status)

/**
 * Runs `attempt` until it succeeds, fails for good, or the delays run out. `statusOf` reads an error's
 * HTTP status (0 when no answer came); `stopped` ends the retries (the caller went away).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  options: {
    repeatable: boolean
    statusOf: (error: unknown) => number
    stopped?: () => boolean
    wait?: (ms: number) => Promise<void>
  },
): Promise<T> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  for (let i = 0; ; i++) {
    try {
      return await attempt()
    } catch (error) {
      const again =
        options.repeatable &&
        i < RETRY_DELAYS_MS.length &&
        isTransient(options.statusOf(error)) &&
        !options.stopped?.()
      if (!again) throw error
      await wait(RETRY_DELAYS_MS[i]!)
    }
  }
}
