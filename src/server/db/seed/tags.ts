// Demo tags: one counter tag per store of the demo franchises, with random ids like the tags created
// in the product (issue 16 #5: an id made of the store's name let anyone open its scan page). A demo
// tag's address shows on its scanner screen (Scanner in the toolbar), with the store's current code.
import { eq, sql } from 'drizzle-orm'
import { randomTagUid } from '../../services/tags'
import { pointsTransactions, stores } from '../schema'
import { tags } from '../tables-loyalty'
import type { SeedModule } from './types'

export const tagsSeed: SeedModule = {
  name: 'tags',
  async run({ db, log }) {
    const all = await db.select().from(stores)
    if (!all.length) return
    // The counter has counted the store's seeded tag visits (a tag at 0 in a busy store looked fake).
    const counted = await db
      .select({ storeId: pointsTransactions.storeId, n: sql<number>`count(*)::int` })
      .from(pointsTransactions)
      .where(eq(pointsTransactions.type, 'tag'))
      .groupBy(pointsTransactions.storeId)
    const passagesOf = new Map(counted.map((c) => [c.storeId, Number(c.n)]))
    const rows = all.map((s) => ({
      franchiseId: s.franchiseId,
      storeId: s.id,
      tagUid: randomTagUid(),
      name: s.currencyCode === 'EUR' ? 'Comptoir' : 'Counter',
      resetDelaySeconds: 180,
      passages: passagesOf.get(s.id) ?? 0,
    }))
    await db.insert(tags).values(rows)
    log(`${all.length} counter tags (one per store):`)
    for (const [i, row] of rows.entries()) log(`  /scan/${row.tagUid}  ${all[i]!.name}`)
  },
}
