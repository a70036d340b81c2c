import { categories } from '../schema'
import type { SeedModule } from './types'

// Store categories (SPEC §3): the shop kinds a merchant picks from when creating a store.
export const CATEGORY_LIST = [
  { nameEn: 'Restaurant', nameFr: 'Restaurant', iconName: 'restaurant' },
  { nameEn: 'Bakery', nameFr: 'Boulangerie', iconName: 'bakery_dining' },
  { nameEn: 'Café', nameFr: 'Café', iconName: 'local_cafe' },
  { nameEn: 'Bar', nameFr: 'Bar', iconName: 'local_bar' },
  { nameEn: 'Hairdresser', nameFr: 'Coiffeur', iconName: 'content_cut' },
  { nameEn: 'Beauty', nameFr: 'Beauté', iconName: 'spa' },
  { nameEn: 'Fashion', nameFr: 'Mode', iconName: 'checkroom' },
  { nameEn: 'Grocery', nameFr: 'Épicerie', iconName: 'local_grocery_store' },
  { nameEn: 'Florist', nameFr: 'Fleuriste', iconName: 'local_florist' },
  { nameEn: 'Bookshop', nameFr: 'Librairie', iconName: 'menu_book' },
  { nameEn: 'Sport', nameFr: 'Sport', iconName: 'sports_soccer' },
  { nameEn: 'Other', nameFr: 'Autre', iconName: 'storefront' },
]

export const categoriesSeed: SeedModule = {
  name: 'categories',
  async run({ db, log }) {
    await db.insert(categories).values(CATEGORY_LIST.map((c) => ({ ...c, iconSource: 'material' })))
    log(`${CATEGORY_LIST.length} categories`)
  },
}
