// Demo opinions (issue 6): Maison Dupont's stores get a few dozen opinions over the last months from
// their own demo clients, in French, some answered; Brooklyn Bagels a few in English. Deterministic,
// one insert.
import { eq } from 'drizzle-orm'
import { clientStores, franchises, storeOpinions, stores, users } from '../schema'
import type { SeedModule } from './types'

const DAY = 86_400_000

/** [rating, comment, reply or null] */
type Sample = [number, string, string | null]

const FR: Sample[] = [
  [
    5,
    'Accueil chaleureux et croissants encore tièdes, on ne s’en lasse pas.',
    'Merci beaucoup, à très vite !',
  ],
  [5, 'Le meilleur pain au chocolat du quartier, et l’équipe est adorable.', null],
  [
    4,
    'Très bons produits, un peu d’attente le samedi matin.',
    'Merci ! Nous ajoutons une caisse le week-end.',
  ],
  [5, 'Les points de fidélité s’accumulent vite, j’ai eu ma viennoiserie offerte.', null],
  [
    3,
    'Bon pain mais la baguette était un peu trop cuite aujourd’hui.',
    'Merci du retour, nous en parlons au fournil.',
  ],
  [4, 'Tartes aux fruits délicieuses, prix corrects.', null],
  [
    2,
    'Plus de flan à 17 h, dommage pour une boulangerie de ce niveau.',
    'Désolés ! Vous pouvez le réserver la veille.',
  ],
  [5, 'Service rapide et souriant, je recommande.', null],
  [4, 'Très bon café, les chaises en terrasse sont agréables.', null],
  [
    1,
    'Commande oubliée malgré ma réservation, très déçue.',
    'Toutes nos excuses, contactez-nous pour un geste.',
  ],
  [5, 'Le kouign-amann est une tuerie.', null],
  [3, 'Correct, sans plus. Le sandwich manquait de garniture.', null],
  [4, 'Bonne adresse pour le déjeuner, formule bien pensée.', null],
  [5, 'Gâteau d’anniversaire parfait, tout le monde a adoré !', 'Merci, joyeux anniversaire encore !'],
  [4, '', null],
  [5, 'Toujours impeccable, depuis des années.', null],
  [2, 'Vendeuse pressée, peu aimable ce matin.', null],
  [4, 'Les éclairs au café sont excellents.', null],
  [3, 'Un peu cher pour la taille des parts.', null],
  [5, 'Parfait pour le petit-déjeuner avant le travail.', null],
]

const EN: Sample[] = [
  [5, 'Best everything bagel in Williamsburg, hands down.', 'Thank you! See you soon.'],
  [4, 'Great schmear selection, the line moves fast.', null],
  [3, 'Good bagels but the coffee was lukewarm.', 'Thanks for telling us, we fixed the machine.'],
  [5, 'Friendly staff and my loyalty reward came quickly.', null],
  [2, 'Waited 20 minutes for a simple order.', null],
]

export const opinionsSeed: SeedModule = {
  name: 'opinions',
  async run({ db, log }) {
    const now = Date.now()
    const values: (typeof storeOpinions.$inferInsert)[] = []
    const plans = [
      { franchise: 'Maison Dupont', owner: 'owner@demo.test', samples: FR, perStore: 14, days: 180 },
      { franchise: 'Brooklyn Bagels', owner: 'bagels@demo.test', samples: EN, perStore: 5, days: 90 },
    ]
    for (const plan of plans) {
      const [f] = await db.select().from(franchises).where(eq(franchises.name, plan.franchise))
      if (!f) continue
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, plan.owner))
      const storeRows = await db
        .select()
        .from(stores)
        .where(eq(stores.franchiseId, f.id))
        .orderBy(stores.name)
      for (const [si, store] of storeRows.entries()) {
        const own = await db
          .select({ clientId: clientStores.clientId })
          .from(clientStores)
          .where(eq(clientStores.storeId, store.id))
          .limit(200)
        for (let i = 0; i < plan.perStore; i++) {
          const [rating, comment, reply] = plan.samples[(i * 3 + si * 7) % plan.samples.length]!
          // Spread over the period, newest first, at shop hours.
          const createdAt = new Date(now - Math.round(((i + 0.3 * si) * plan.days * DAY) / plan.perStore))
          createdAt.setUTCHours(7 + ((i + si) % 10), (i * 17) % 60, 0, 0)
          // Today's shop hours may not have come yet: an opinion is never dated after now.
          if (createdAt.getTime() > now - 3600_000) createdAt.setTime(now - 3600_000)
          const client = own.length ? own[(i * 37 + si) % own.length] : undefined
          // The owner answers a day later, or a few hours later for today's: never after today.
          const repliedAt = new Date(Math.min(createdAt.getTime() + DAY, (createdAt.getTime() + now) / 2))
          // A few anonymous ones: a customer may rate without giving a phone number.
          const anonymous = i % 5 === 4
          values.push({
            franchiseId: f.id,
            storeId: store.id,
            clientId: anonymous ? null : (client?.clientId ?? null),
            rating,
            comment,
            reply,
            repliedAt: reply ? repliedAt : null,
            repliedBy: reply ? (owner?.id ?? null) : null,
            createdAt,
            updatedAt: reply ? repliedAt : createdAt,
          })
        }
      }
    }
    if (values.length) await db.insert(storeOpinions).values(values)
    log(`${values.length} opinions`)
  },
}
