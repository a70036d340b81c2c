// The default payments adapter: a local checkout served by this server, so the whole flow works
// offline. There is no provider to call: a payment link opens /checkout/:id on the address the user
// came on; the checkout sessions and the subscription they activate are services/payments-local.ts.
import { products } from './catalogue'
import type { LocalCheckout } from './types'

export function localPayments(): LocalCheckout {
  return {
    kind: 'local',
    listProducts: products,
    checkoutUrl: (origin, sessionId) => `${origin}/checkout/${sessionId}`,
  }
}
