// Opinions for machine, UI tests and stories: two stores, deterministic dates and ratings.
import {
  addDistributions,
  emptyDistribution,
  isRating,
  type Opinion,
  type OpinionPage,
  type Satisfaction,
  summarise,
} from '../../src/domain/opinions'

export const STORE_A = '7b0c9d3e-1a2b-4c3d-8e4f-5a6b7c8d9e01'
export const STORE_B = '7b0c9d3e-1a2b-4c3d-8e4f-5a6b7c8d9e02'
export const STORE_NAMES: Record<string, string> = {
  [STORE_A]: 'Maison Dupont — Paris Marais',
  [STORE_B]: 'Maison Dupont — Lyon Presqu’île',
}

const COMMENTS = [
  'Accueil chaleureux et croissants encore tièdes.',
  'Un peu d’attente le samedi matin.',
  'Baguette trop cuite aujourd’hui.',
  'Le meilleur pain au chocolat du quartier.',
  '',
]
const NAMES = ['Marie Curie', 'Jean Martin', null, 'Chloé Bernard']

export function opinion(i: number, storeId = STORE_A, overrides: Partial<Opinion> = {}): Opinion {
  const replied = i % 3 === 0
  return {
    id: `00000000-0000-4000-8${storeId.slice(-3)}-${String(i).padStart(12, '0')}`,
    storeId,
    storeName: STORE_NAMES[storeId] ?? 'Store',
    clientId: NAMES[i % NAMES.length] ? `10000000-0000-4000-8000-${String(i).padStart(12, '0')}` : null,
    clientName: NAMES[i % NAMES.length] ?? null,
    rating: 5 - (i % 5),
    comment: COMMENTS[i % COMMENTS.length]!,
    reply: replied ? 'Merci pour votre retour !' : null,
    repliedAt: replied ? new Date(Date.UTC(2026, 9, 30 - i, 10)).toISOString() : null,
    createdAt: new Date(Date.UTC(2026, 9, 29 - i, 9, 30)).toISOString(),
    ...overrides,
  }
}

/** `count` opinions of one store, newest first. */
export const opinions = (count: number, storeId = STORE_A) =>
  Array.from({ length: count }, (_, i) => opinion(i + 1, storeId))

export function page(all: Opinion[], p = 1, size = 10, rating: number | null = null): OpinionPage {
  const matching = rating ? all.filter((o) => o.rating === rating) : all
  return {
    data: matching.slice((p - 1) * size, p * size),
    metadata: { page: p, size, total: matching.length },
  }
}

export function satisfactionOf(
  byStore: Record<string, Opinion[]>,
  storeId: string | null = null,
): Satisfaction {
  const stores = Object.entries(byStore).map(([id, list]) => {
    const d = emptyDistribution()
    for (const o of list) if (isRating(o.rating)) d[o.rating] += 1
    return { storeId: id, storeName: STORE_NAMES[id] ?? 'Store', ...summarise(d) }
  })
  const recent = Object.entries(byStore)
    .filter(([id]) => !storeId || id === storeId)
    .flatMap(([, list]) => list)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 10)
  return { stores, total: summarise(addDistributions(stores.map((s) => s.distribution))), recent }
}

export const DEMO_SATISFACTION = satisfactionOf({ [STORE_A]: opinions(14), [STORE_B]: opinions(6, STORE_B) })
export const NO_OPINION = satisfactionOf({ [STORE_A]: [], [STORE_B]: [] })
