// The demo franchise (issue 8, /pages/demo/*): "Le Comptoir Démo", owned by nobody and flagged
// is_demo, so every signed-in user may read it and nobody may change it. Two stores, a loyalty card
// with a few offers, 300 fictitious clients with 18 months of ledger rows and coupons, made by the
// same generators as the merchants' demo data. Idempotent: a database that has a demo franchise keeps it.
import { eq } from 'drizzle-orm'
import { franchises, stores } from '../schema'
import { seedCard, seedCoupons, seedFranchiseClients } from './clients'
import type { SeedModule } from './types'

export const DEMO_FRANCHISE_NAME = 'Le Comptoir Démo'
export const DEMO_CLIENT_COUNT = 300

export const demoSeed: SeedModule = {
  name: 'demo',
  async run({ db, log }) {
    const [existing] = await db
      .select({ id: franchises.id })
      .from(franchises)
      .where(eq(franchises.isDemo, true))
    if (existing) {
      log('demo franchise already present')
      return
    }
    const now = new Date()
    const [f] = await db
      .insert(franchises)
      .values({
        name: DEMO_FRANCHISE_NAME,
        description: 'Franchise de démonstration : données fictives, en lecture seule.',
        codeAlpha3: 'FRA',
        timezone: 'Europe/Paris',
        currencyCode: 'EUR',
        loyaltyType: 'PASSAGE',
        userId: null,
        isDemo: true,
        averageBasketCents: 1200,
        maxPoints: 300,
        hasMaxPointsEnabled: true,
        theme: { primaryColor: '#0f766e', secondaryColor: '#f59e0b', tertiaryColor: '#f0fdfa' },
      })
      .returning({ id: franchises.id })
    await db.insert(stores).values(
      [
        {
          name: 'Le Comptoir Démo — Bordeaux',
          city: 'Bordeaux',
          postcode: '33000',
          line1: '5 place du Parlement',
          lat: 44.8412,
          lng: -0.5706,
        },
        {
          name: 'Le Comptoir Démo — Lyon',
          city: 'Lyon',
          postcode: '69003',
          line1: '40 cours Lafayette',
          lat: 45.7634,
          lng: 4.8464,
        },
      ].map((s) => ({
        franchiseId: f!.id,
        name: s.name,
        description: 'Boutique de démonstration.',
        currencyCode: 'EUR',
        addressLine1: s.line1,
        addressCity: s.city,
        addressPostcode: s.postcode,
        lat: s.lat,
        lng: s.lng,
      })),
    )
    const offers = await seedCard(
      db,
      f!.id,
      { name: 'Carte Comptoir Démo', loyaltyType: 'PASSAGE', earnRate: 10, maxPoints: 300 },
      [
        {
          name: 'Boisson chaude offerte',
          description: 'Un café, un thé ou un chocolat offert.',
          redeemPointAmount: 50,
          type: 'PRODUCT',
          posProductIds: ['boisson'],
          productPriority: 'LOW_PRICE',
          redeemedCount: 96,
        },
        {
          name: '3 € de remise',
          description: 'Trois euros de remise sur votre prochain achat.',
          redeemPointAmount: 100,
          type: 'FLAT',
          value: 300,
          currencyCode: 'EUR',
          redeemedCount: 41,
        },
        {
          name: '10 % sur la commande',
          description: 'Dix pour cent de remise sur toute la commande.',
          redeemPointAmount: 200,
          type: 'PERCENTAGE',
          value: 10,
          redeemedCount: 9,
        },
      ],
    )
    const seeded = await seedFranchiseClients(
      db,
      {
        franchiseName: DEMO_FRANCHISE_NAME,
        franchiseId: f!.id,
        count: DEMO_CLIENT_COUNT,
        seed: 2024,
        country: 'FR',
        earn: () => 10,
        maxPoints: 300,
        redeemAt: 100,
        redeemCost: 100,
        redeemReference: offers.find((o) => o.redeemPointAmount === 100)?.id ?? null,
      },
      now,
      log,
    )
    if (seeded) await seedCoupons(db, seeded, 60, now)
    log(`${DEMO_FRANCHISE_NAME}: 2 stores, a card with ${offers.length} offers, 60 coupons`)
  },
}
