// Demo tags: one counter tag per store of the demo franchises. Their ids are readable slugs of the
// store's name (e.g. /scan/brooklyn-bagels-williamsburg) so that the demo and the tests can open a
// store's scan page directly; tags created in the product get random ids.
import { stores } from '../schema'
import { tags } from '../tables-loyalty'
import type { SeedModule } from './types'

export const tagSlug = (storeName: string) =>
  storeName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export const tagsSeed: SeedModule = {
  name: 'tags',
  async run({ db, log }) {
    const all = await db.select().from(stores)
    if (!all.length) return
    await db.insert(tags).values(
      all.map((s) => ({
        franchiseId: s.franchiseId,
        storeId: s.id,
        tagUid: tagSlug(s.name),
        name: s.currencyCode === 'EUR' ? 'Comptoir' : 'Counter',
        resetDelaySeconds: 180,
      })),
    )
    log(`${all.length} counter tags (one per store)`)
  },
}
