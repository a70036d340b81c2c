// Point-of-sale products (SPEC §7 GET /stores/{id}/products) go through this adapter. The default
// reads what the till posted through the webhook (pos_products, local.ts); with POS_API_URL set, the
// provider's HTTP API is asked (http.ts). Orders always arrive through the webhook.
import type { PosProduct } from '../../../domain/pos'
import type { Db } from '../../db/client'
import { httpPos } from './http'
import { localPos } from './local'

export { httpPos, localPos }

/** What the adapter needs of an account. */
export type PosAccountRef = { storeId: string; providerStoreId: string }

export type Pos = {
  kind: 'local' | 'http'
  /** The store's catalogue; a provider that fails or cannot be reached is a 502 POS_PROVIDER_ERROR. */
  products(db: Db, account: PosAccountRef): Promise<PosProduct[]>
}

export type PosConfig = { url?: string | undefined; key?: string | undefined }

/** The provider's API when its URL is configured (its key is then required), the webhook's catalogue otherwise. */
export function createPos(config: PosConfig): Pos {
  if (!config.url) return localPos()
  if (!config.key) throw new Error('POS_API_KEY is required when POS_API_URL is set')
  return httpPos({ url: config.url, key: config.key })
}
