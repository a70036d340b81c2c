// The point-of-sale adapter's interface (adapters/pos/index.ts picks one).
import type { PosProduct } from '../../../domain/pos'

/** What the adapter needs of an account. */
export type PosAccountRef = { storeId: string; providerStoreId: string }

/** No provider: the store's catalogue is the one its till posts through the webhook. */
export type LocalPos = { kind: 'local' }

export type HttpPos = {
  kind: 'http'
  /** The store's catalogue; a provider that fails or cannot be reached is a 502 POS_PROVIDER_ERROR. */
  products(account: PosAccountRef): Promise<PosProduct[]>
}

export type Pos = LocalPos | HttpPos
