// The offers calendar (issue 19): one typed list of what runs or ends in a range of the franchise's
// local days. Each kind is one query here; campaigns (scheduled and sent) are at the moment they go out.
import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm'
import { addDays } from '../../domain/analytics'
import type { CalendarAnswer, CalendarEvent, CalendarQuery } from '../../domain/calendar'
import { localClock, localInstant } from '../../domain/campaigns'
import { todayIn } from '../../domain/today'
import type { Db } from '../db/client'
import { loyaltyModels, loyaltyOffers } from '../db/schema'
import { campaignsStarting } from './campaign-queries'
import { newsInPeriod } from './news'
import { assertStore, inScope, scopedFranchise, type Tenant } from './scope'

const hhmm = (c: { hour: number; minute: number }) =>
  `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`

export async function calendar(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  q: CalendarQuery,
  now = new Date(),
): Promise<CalendarAnswer> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  if (q.storeId) await assertStore(db, tenant, q.storeId, franchiseId)
  const today = todayIn(f.timezone, now)
  // The range's local days as instants: from the first day's midnight to the midnight after the last.
  const range = {
    from: localInstant(q.from, 0, f.timezone),
    to: localInstant(addDays(q.to, 1), 0, f.timezone),
  }
  const events: CalendarEvent[] = []

  for (const { row, status } of await newsInPeriod(db, tenant, f, q, today)) {
    const happy = row.type === 'happy-hours' && row.happyHourStart && row.happyHourEnd
    events.push({
      kind: happy ? 'happy-hour' : 'news',
      id: row.id,
      title: row.name,
      startDate: row.startDate,
      endDate: row.endDate,
      startTime: happy ? row.happyHourStart : null,
      endTime: happy ? row.happyHourEnd : null,
      storeIds: row.storeIds,
      newsType: row.type as CalendarEvent['newsType'],
      status,
    })
  }

  // Loyalty offers that expire in the range: the card's stores decide where they apply.
  const offers = await db
    .select({
      id: loyaltyOffers.id,
      name: loyaltyOffers.name,
      expiresAt: loyaltyOffers.expiresAt,
      storeIds: loyaltyModels.storeIds,
    })
    .from(loyaltyOffers)
    .innerJoin(loyaltyModels, eq(loyaltyModels.id, loyaltyOffers.loyaltyModelId))
    .where(
      and(
        eq(loyaltyOffers.franchiseId, franchiseId),
        inScope(tenant, { franchiseId: loyaltyOffers.franchiseId }),
        eq(loyaltyOffers.status, 'ACTIVE'),
        gte(loyaltyOffers.expiresAt, range.from),
        lt(loyaltyOffers.expiresAt, range.to),
        q.storeId
          ? or(
              sql`jsonb_array_length(${loyaltyModels.storeIds}) = 0`,
              sql`${loyaltyModels.storeIds} @> ${JSON.stringify([q.storeId])}::jsonb`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(loyaltyOffers.expiresAt))
  for (const o of offers) {
    const day = localClock(o.expiresAt!, f.timezone).day
    events.push({
      kind: 'offer-expiry',
      id: o.id,
      title: o.name,
      startDate: day,
      endDate: day,
      startTime: null,
      endTime: null,
      storeIds: o.storeIds,
      newsType: null,
      status: null,
    })
  }
  // Campaigns scheduled or sent in the range, at the moment they really go out (cancelled ones are
  // not on it): a start the engine holds back (a Sunday, a holiday, the night) shows where it lands.
  for (const c of await campaignsStarting(db, tenant, franchiseId, {
    ...range,
    storeId: q.storeId ?? null,
  })) {
    const at = localClock(c.at, f.timezone)
    const typed = localClock(c.startAt, f.timezone)
    events.push({
      kind: 'campaign',
      id: c.id,
      title: c.name,
      startDate: at.day,
      endDate: at.day,
      startTime: hhmm(at),
      endTime: null,
      scheduledFor: c.at.getTime() === c.startAt.getTime() ? null : { date: typed.day, hour: hhmm(typed) },
      storeIds: c.storeIds,
      newsType: null,
      status: null,
      campaignStatus: c.displayStatus,
    })
  }
  return { timezone: f.timezone, today, from: q.from, to: q.to, events }
}
