// Demo news and happy hours (issue 19): Maison Dupont runs an apéritif happy hour in Lyon and a
// franchise-wide news item; Brooklyn Bagels a morning deal. Dates follow today, so they stay current.
import { eq, like } from 'drizzle-orm'
import { addDays } from '../../../domain/analytics'
import { todayIn } from '../../../domain/today'
import { franchises, news, stores } from '../schema'
import type { SeedModule } from './types'

export const newsSeed: SeedModule = {
  name: 'news',
  async run({ db, log }) {
    const rows: (typeof news.$inferInsert)[] = []
    const [dupont] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    if (dupont) {
      const today = todayIn(dupont.timezone)
      const [lyon] = await db.select().from(stores).where(like(stores.name, 'Maison Dupont — Lyon%'))
      if (lyon)
        rows.push({
          franchiseId: dupont.id,
          storeIds: [lyon.id],
          name: 'Apéro au fournil',
          type: 'happy-hours',
          description: 'Une fougasse offerte pour deux verres commandés.',
          priceCents: 650,
          startDate: addDays(today, -7),
          endDate: addDays(today, 60),
          happyHourStart: '18:00',
          happyHourEnd: '20:00',
          drinkType: 'Vin et bière',
        })
      rows.push({
        franchiseId: dupont.id,
        name: 'Galette des rois en précommande',
        type: 'news',
        description: 'Réservez votre galette en boutique ou par téléphone.',
        startDate: addDays(today, 20),
        endDate: addDays(today, 50),
      })
    }
    const [bagels] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    if (bagels) {
      const today = todayIn(bagels.timezone)
      rows.push({
        franchiseId: bagels.id,
        name: 'Early bird coffee',
        type: 'happy-hours',
        description: 'Half-price drip coffee with any bagel.',
        priceCents: 150,
        startDate: today,
        endDate: addDays(today, 30),
        happyHourStart: '07:00',
        happyHourEnd: '09:00',
        drinkType: 'Coffee',
      })
    }
    if (rows.length) await db.insert(news).values(rows)
    log(`${rows.length} news items`)
  },
}
