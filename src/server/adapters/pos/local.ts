// The default POS adapter: the catalogue the till posted (webhook event products.updated).
import { asc, eq } from 'drizzle-orm'
import { posProducts } from '../../db/tables-loyalty'
import type { Pos } from './index'

export function localPos(): Pos {
  return {
    kind: 'local',
    async products(db, account) {
      const rows = await db
        .select()
        .from(posProducts)
        .where(eq(posProducts.storeId, account.storeId))
        .orderBy(asc(posProducts.name), asc(posProducts.providerProductId))
      return rows.map((r) => ({
        id: r.providerProductId,
        name: r.name,
        priceCents: r.priceCents,
        currencyCode: r.currencyCode,
      }))
    },
  }
}
