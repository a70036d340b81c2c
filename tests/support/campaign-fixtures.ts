// Campaign test data: a franchise's clients with phones of several countries, and a campaign row ready
// for the dispatch engine (the campaign API comes with issue 18's routes).
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { campaigns, clients, franchises } from '../../src/server/db/schema'

export async function franchiseNamed(db: Db, title: string) {
  const [f] = await db.select().from(franchises).where(eq(franchises.name, title))
  if (!f) throw new Error(`no franchise ${title}`)
  return f
}

/** `n` French clients with distinct mobile numbers (+336…), plus the given extra rows. */
export async function addClients(db: Db, franchiseId: string, n: number, prefix = '+3361') {
  const rows = Array.from({ length: n }, (_, i) => ({
    franchiseId,
    firstName: `Client ${i}`,
    phone: `${prefix}${String(i).padStart(7, '0')}`,
    appLastUsedAt: new Date(),
  }))
  const ids: string[] = []
  for (let i = 0; i < rows.length; i += 500) {
    const part = await db
      .insert(clients)
      .values(rows.slice(i, i + 500))
      .returning({ id: clients.id })
    ids.push(...part.map((r) => r.id))
  }
  return ids
}

export async function addCampaign(
  db: Db,
  franchiseId: string,
  values: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [c] = await db
    .insert(campaigns)
    .values({
      franchiseId,
      name: 'Soldes',
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      channel: 'SMS',
      state: 'VALID',
      dispatch: 'SENDING',
      message: 'Soldes -20% ce week-end',
      ...values,
    })
    .returning()
  return c!
}
