// Demo point of sale: Maison Dupont "Paris Marais" has a LOCAL account (its till posts to our webhook),
// the bakery catalogue, and a few orders of the last hour with receipts R-1001… that a tester can link
// on the scan page once the card type is POS_AMOUNT (README "Point of sale").
import { eq } from 'drizzle-orm'
import type { CurrencyCode } from '../../../domain/constants'
import { BAKERY_CATALOGUE, generateOrder, seededRandom } from '../../adapters/pos/simulator'
import { newWebhookSecret } from '../../adapters/webhook-signature'
import { stores } from '../schema'
import { posMerchantAccounts, posOrders, posProducts } from '../tables-loyalty'
import type { SeedModule } from './types'

export const DEMO_POS_STORE = 'Maison Dupont — Paris Marais'
export const DEMO_RECEIPTS = ['R-1001', 'R-1002', 'R-1003', 'R-1004', 'R-1005']

export const posSeed: SeedModule = {
  name: 'pos',
  async run({ db, log }) {
    const [store] = await db.select().from(stores).where(eq(stores.name, DEMO_POS_STORE))
    if (!store) return
    const [existing] = await db
      .select({ id: posMerchantAccounts.id })
      .from(posMerchantAccounts)
      .where(eq(posMerchantAccounts.storeId, store.id))
    if (existing) return
    const now = Date.now()
    const [account] = await db
      .insert(posMerchantAccounts)
      .values({
        franchiseId: store.franchiseId,
        storeId: store.id,
        type: 'LOCAL',
        providerStoreId: 'DUPONT-MARAIS',
        posType: 'Caisse comptoir',
        webhookSecret: newWebhookSecret(),
        // The demo till has just sent its last orders.
        lastWebhookAt: new Date(now - 5 * 60_000),
      })
      .returning()
    const currencyCode = store.currencyCode as CurrencyCode
    await db.insert(posProducts).values(
      BAKERY_CATALOGUE.map((p) => ({
        franchiseId: store.franchiseId,
        storeId: store.id,
        providerProductId: p.id,
        name: p.name,
        priceCents: p.priceCents,
        currencyCode,
      })),
    )
    const random = seededRandom(1001)
    await db.insert(posOrders).values(
      DEMO_RECEIPTS.map((receiptId, i) => {
        const o = generateOrder(random, {
          receiptId,
          currencyCode,
          // Spread over the last hour: 55, 43, 31, 19 and 7 minutes ago.
          orderedAt: new Date(now - (55 - i * 12) * 60_000),
        })
        return {
          franchiseId: store.franchiseId,
          storeId: store.id,
          posAccountId: account!.id,
          providerOrderId: o.orderId,
          lines: o.lines,
          totalCents: o.totalCents,
          currencyCode,
          orderedAt: new Date(o.orderedAt),
          receivedAt: new Date(o.orderedAt),
        }
      }),
    )
    log(
      `POS account for ${store.name}: ${BAKERY_CATALOGUE.length} products, orders ${DEMO_RECEIPTS.join(', ')}`,
    )
  },
}
