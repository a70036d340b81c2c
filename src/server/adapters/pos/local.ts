// The default POS adapter: no provider is asked; the catalogue is what the till posted (webhook event
// products.updated), read by services/pos.ts.
import type { LocalPos } from './types'

export function localPos(): LocalPos {
  return { kind: 'local' }
}
