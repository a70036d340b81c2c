// A point-of-sale provider's JSON API, with a bearer key:
//   GET {url}/stores/{providerStoreId}/products → {data: [{id, name, priceCents, currencyCode}]}
// (a bare array is taken as well). Tested against a local fake server (tests/server/pos-http.test.ts).
import { FetchError, ofetch } from 'ofetch'
import { array, is, type } from 'superstruct'
import { PosProduct } from '../../../domain/pos'
import { AppError } from '../../errors'
import type { HttpPos } from './types'

export const POS_TIMEOUT_MS = 10_000

const Reply = type({ data: array(PosProduct) })

/** A failed provider call: a 502 for the client, the cause kept for the server log. */
function providerError(what: string, cause: unknown): AppError {
  const status = cause instanceof FetchError && cause.status ? ` (HTTP ${cause.status})` : ''
  const error = new AppError(
    502,
    'POS_PROVIDER_ERROR',
    `The point-of-sale provider could not ${what}${status}`,
  )
  return Object.assign(error, { cause })
}

export function httpPos(options: { url: string; key: string; timeoutMs?: number }): HttpPos {
  const api = ofetch.create({
    baseURL: options.url.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
    timeout: options.timeoutMs ?? POS_TIMEOUT_MS,
    retry: 0,
  })
  return {
    kind: 'http',
    async products(account) {
      let reply: unknown
      try {
        reply = await api(`/stores/${encodeURIComponent(account.providerStoreId)}/products`)
      } catch (err) {
        throw providerError('list the products', err)
      }
      const data = Array.isArray(reply) ? { data: reply } : reply
      if (!is(data, Reply)) throw providerError('list the products: unexpected reply', reply)
      return data.data.map((p) => ({
        id: p.id,
        name: p.name,
        priceCents: p.priceCents,
        currencyCode: p.currencyCode,
      }))
    },
  }
}
