// The back end of a UI test at the fetch boundary: the page's real actors and src/api calls go out,
// each call is recorded and answered by the first route that knows it (404 otherwise).
import { vi } from 'vitest'

export type Call = {
  method: string
  path: string
  query: URLSearchParams
  body: Record<string, unknown> | undefined
}
export type Route = (call: Call) => [number, unknown] | undefined

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Answers fetch with the first route that knows the call; records every call. */
export function fakeFetch(...routes: Route[]) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: string | Request, init: RequestInit = {}) => {
      const url = new URL(typeof request === 'string' ? request : request.url, 'http://app.test')
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
      const call = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body,
      }
      calls.push(call)
      for (const route of routes) {
        const answer = route(call)
        if (answer) return json(...answer)
      }
      return json(404, { code: 'NOT_FOUND', message: url.pathname })
    }),
  )
  return calls
}
