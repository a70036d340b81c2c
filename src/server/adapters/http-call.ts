// One HTTP call to a provider, retried with a fresh time limit on every attempt. ofetch's own retry
// reuses the first attempt's abort signal after clearing its timer, so a retried request that never
// gets an answer waits forever (seen: a campaign worker stalled on a provider that answered 500, then
// nothing). Retries only where a repeat is harmless: reads, or writes carrying an Idempotency-Key.
import { FetchError, type FetchOptions, ofetch } from 'ofetch'

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504])

/** A failure worth another attempt: no answer at all (network, time limit) or a passing status. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof FetchError)) return false
  return err.statusCode === undefined || RETRY_STATUSES.has(err.statusCode)
}

export async function callProvider<T>(
  url: string,
  options: Omit<FetchOptions<'json'>, 'retry' | 'timeout' | 'signal'> & {
    timeoutMs: number
    retries: number
  },
): Promise<T> {
  const { timeoutMs, retries, ...rest } = options
  for (let attempt = 0; ; attempt++) {
    try {
      return await ofetch<T>(url, {
        ...rest,
        retry: 0,
        signal: AbortSignal.timeout(timeoutMs),
      } as FetchOptions<'json'>)
    } catch (err) {
      if (attempt >= retries || !isRetryable(err)) throw err
    }
  }
}
