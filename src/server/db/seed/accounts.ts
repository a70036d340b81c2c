// Demo accounts, franchises and stores: two franchises so that tenant isolation can be seen.
import { eq } from 'drizzle-orm'
import type { Role } from '../../../domain/roles'
import { hashPassword } from '../../services/passwords'
import { categories, franchiseFeatures, franchises, storeOwners, stores, users } from '../schema'
import { DEMO_PASSWORD, type SeedModule } from './types'

type DemoUser = {
  email: string
  role: Role
  displayName: string
  hasAcceptedCgv: boolean
  isSubscribedRetailer: boolean
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    role: 'LB_SALE',
    displayName: 'Alice Admin',
    hasAcceptedCgv: true,
    isSubscribedRetailer: false,
  },
  {
    email: 'tech@demo.test',
    role: 'LB_TECH',
    displayName: 'Théo Tech',
    hasAcceptedCgv: true,
    isSubscribedRetailer: false,
  },
  {
    email: 'owner@demo.test',
    role: 'FRANCHISE_OWNER',
    displayName: 'Camille Dupont',
    hasAcceptedCgv: true,
    isSubscribedRetailer: true,
  },
  {
    email: 'store@demo.test',
    role: 'STORE_OWNER',
    displayName: 'Julien Marchand',
    hasAcceptedCgv: true,
    isSubscribedRetailer: true,
  },
  {
    email: 'bagels@demo.test',
    role: 'FRANCHISE_OWNER',
    displayName: 'Sam Goldberg',
    hasAcceptedCgv: true,
    isSubscribedRetailer: true,
  },
  {
    email: 'registered@demo.test',
    role: 'FRANCHISE_OWNER',
    displayName: 'Rémi Nouveau',
    hasAcceptedCgv: false,
    isSubscribedRetailer: false,
  },
  {
    email: 'unpaid@demo.test',
    role: 'FRANCHISE_OWNER',
    displayName: 'Léa Martin',
    hasAcceptedCgv: true,
    isSubscribedRetailer: false,
  },
]

const weekdays = (open: string, close: string) => [{ open, close }]
const frenchHours = {
  hours: {
    mon: [],
    tue: weekdays('08:00', '19:30'),
    wed: weekdays('08:00', '19:30'),
    thu: weekdays('08:00', '19:30'),
    fri: weekdays('08:00', '19:30'),
    sat: [
      { open: '08:00', close: '13:00' },
      { open: '14:30', close: '19:30' },
    ],
    sun: weekdays('08:00', '13:00'),
  },
}
const nyHours = {
  hours: {
    mon: weekdays('06:00', '16:00'),
    tue: weekdays('06:00', '16:00'),
    wed: weekdays('06:00', '16:00'),
    thu: weekdays('06:00', '16:00'),
    fri: weekdays('06:00', '16:00'),
    sat: weekdays('07:00', '15:00'),
    sun: weekdays('07:00', '15:00'),
  },
}

/**
 * Every demo account has the one demo password (README), so one argon2id hash serves them all, made
 * once per process: a hash is ~25 ms of CPU, and the server tests seed these accounts some 130 times a
 * run (issue 36 §6).
 */
let demoHash: Promise<string> | undefined
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD)
  return demoHash
}

export const accountsSeed: SeedModule = {
  name: 'accounts',
  async run({ db, log }) {
    const ids: Record<string, string> = {}
    for (const u of DEMO_USERS) {
      const [row] = await db
        .insert(users)
        .values({ ...u, passwordHash: await demoPasswordHash(), settings: {} })
        .returning({ id: users.id })
      ids[u.email] = row!.id
    }
    log(`${DEMO_USERS.length} users (the demo password is in the README)`)

    const [bakery] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.nameEn, 'Bakery'))
    const categoryId = bakery?.id ?? null

    const [dupont] = await db
      .insert(franchises)
      .values({
        name: 'Maison Dupont',
        description: 'Boulangerie-pâtisserie artisanale depuis 1952.',
        codeAlpha3: 'FRA',
        timezone: 'Europe/Paris',
        currencyCode: 'EUR',
        loyaltyType: 'PASSAGE',
        userId: ids['owner@demo.test']!,
        senderId: 'DUPONT',
        averageBasketCents: 1450,
        tagScanInterval: 3600,
        maxPoints: 500,
        hasMaxPointsEnabled: true,
        theme: { primaryColor: '#7c2d12', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' },
      })
      .returning({ id: franchises.id })
    const dupontStores = await db
      .insert(stores)
      .values(
        [
          {
            name: 'Maison Dupont — Paris Marais',
            city: 'Paris',
            postcode: '75004',
            line1: '12 rue des Archives',
            lat: 48.8589,
            lng: 2.3553,
            phone: '+33142720000',
          },
          {
            name: 'Maison Dupont — Lyon Presqu’île',
            city: 'Lyon',
            postcode: '69002',
            line1: '8 rue Mercière',
            lat: 45.7622,
            lng: 4.8322,
            phone: '+33478420000',
          },
          {
            name: 'Maison Dupont — Bordeaux Chartrons',
            city: 'Bordeaux',
            postcode: '33000',
            line1: '41 rue Notre-Dame',
            lat: 44.8539,
            lng: -0.5707,
            phone: '+33556810000',
          },
        ].map((s) => ({
          franchiseId: dupont!.id,
          name: s.name,
          description: 'Pains au levain, viennoiseries et pâtisseries maison.',
          phone: s.phone,
          email: `${s.city.toLowerCase()}@maison-dupont.fr`,
          website: 'https://maison-dupont.fr',
          currencyCode: 'EUR',
          addressLine1: s.line1,
          addressCity: s.city,
          addressPostcode: s.postcode,
          lat: s.lat,
          lng: s.lng,
          categoryId,
          userId: ids['owner@demo.test']!,
          openingHours: frenchHours,
          hasScannerEnabled: s.city === 'Paris',
          instagramLink: 'https://instagram.com/maisondupont',
          googleReviewLink: 'https://g.page/r/maison-dupont/review',
        })),
      )
      .returning({ id: stores.id })
    await db
      .insert(storeOwners)
      .values({ franchiseId: dupont!.id, storeId: dupontStores[0]!.id, userId: ids['store@demo.test']! })
    await db.insert(franchiseFeatures).values({ franchiseId: dupont!.id, feature: 'GAME', isEnabled: true })
    log('franchise Maison Dupont (3 stores, GAME enabled)')

    const [bagels] = await db
      .insert(franchises)
      .values({
        name: 'Brooklyn Bagels',
        description: 'Hand-rolled, kettle-boiled bagels since 1987.',
        codeAlpha3: 'USA',
        timezone: 'America/New_York',
        currencyCode: 'USD',
        loyaltyType: 'MANUAL_AMOUNT',
        userId: ids['bagels@demo.test']!,
        senderId: 'BKBAGELS',
        averageBasketCents: 1275,
        theme: { primaryColor: '#065f46', secondaryColor: '#fbbf24', tertiaryColor: '#ecfdf5' },
      })
      .returning({ id: franchises.id })
    await db.insert(stores).values({
      franchiseId: bagels!.id,
      name: 'Brooklyn Bagels — Williamsburg',
      description: 'Bagels, schmears and coffee.',
      phone: '+17185550142',
      email: 'williamsburg@brooklynbagels.com',
      website: 'https://brooklynbagels.com',
      currencyCode: 'USD',
      addressLine1: '214 Bedford Ave',
      addressCity: 'Brooklyn',
      addressPostcode: '11249',
      lat: 40.7171,
      lng: -73.9573,
      categoryId,
      userId: ids['bagels@demo.test']!,
      openingHours: nyHours,
      hasScannerEnabled: true,
    })
    log('franchise Brooklyn Bagels (1 store)')

    const [martin] = await db
      .insert(franchises)
      .values({
        name: 'Fleurs Martin',
        codeAlpha3: 'FRA',
        timezone: 'Europe/Paris',
        currencyCode: 'EUR',
        loyaltyType: 'PASSAGE',
        userId: ids['unpaid@demo.test']!,
      })
      .returning({ id: franchises.id })
    await db.insert(stores).values({
      franchiseId: martin!.id,
      name: 'Fleurs Martin — Nantes',
      currencyCode: 'EUR',
      addressLine1: '3 place du Commerce',
      addressCity: 'Nantes',
      addressPostcode: '44000',
      lat: 47.2133,
      lng: -1.5592,
      userId: ids['unpaid@demo.test']!,
    })
    log('franchise Fleurs Martin (the unpaid account, 1 store)')
  },
}
