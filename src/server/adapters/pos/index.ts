// Point-of-sale products (SPEC §7 GET /stores/{id}/products) go through this adapter. With POS_API_URL
// set, the provider's HTTP API is asked (http.ts); without it there is no provider to ask (local.ts):
// the catalogue is what the till posted through the webhook (services/pos.ts reads pos_products).
// Orders always arrive through the webhook.
import { httpPos } from './http'
import { localPos } from './local'
import type { Pos } from './types'

export type { HttpPos, LocalPos, Pos, PosAccountRef } from './types'
export { httpPos, localPos }

export type PosConfig = { url?: string | undefined; key?: string | undefined }

/** The provider's API when its URL is configured (its key is then required), the webhook's catalogue otherwise. */
export function createPos(config: PosConfig): Pos {
  if (!config.url) return localPos()
  if (!config.key) throw new Error('POS_API_KEY is required when POS_API_URL is set')
  return httpPos({ url: config.url, key: config.key })
}
