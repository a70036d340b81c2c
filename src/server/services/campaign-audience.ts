// Who a campaign reaches (issue 18): the channel's consent rules (SPEC §9) and the campaign filters
// (§3), as one SELECT of (client id, address) over the franchise's clients, used to count the audience
// and to freeze it into campaign_recipients. Never scans the ledger: every filter reads a column of the
// client, its balance row or its store links.
import { type SQL, sql } from 'drizzle-orm'
import { type CampaignFilters, type Channel, PUSH_ACTIVE_MONTHS } from '../../domain/campaigns'
import { type Db, rowsOf } from '../db/client'
import { badRequest } from '../errors'

// §9 SMS countries by calling code (E.164 prefixes of the numbers stored): Belgium, Canada and the
// United States (+1), France, French Polynesia, Germany, Ireland, Italy, Martinique, Poland, Portugal,
// Spain, Switzerland, United Kingdom.
const SMS_PREFIXES = [
  '+32',
  '+1',
  '+33',
  '+689',
  '+49',
  '+353',
  '+39',
  '+596',
  '+48',
  '+351',
  '+34',
  '+41',
  '+44',
]

// Filters whose audience query is not built yet: refused rather than ignored, so that a campaign can
// never reach more customers than its filters say.
const NOT_YET = [
  'minAverageBasket',
  'maxAverageBasket',
  'minWeeklyAverageBasket',
  'maxWeeklyAverageBasket',
  'startPassageDate',
  'endPassageDate',
  'minNbPassageTransactions',
  'maxNbPassageTransactions',
  'radius',
  'originProviderId',
  'clientsTypes',
] as const

/** The birth-date bound of an age: born on or before this day to be at least `age` on `today`. */
function bornBy(today: string, age: number): string {
  const [y, m, d] = today.split('-')
  return `${String(Number(y) - age).padStart(4, '0')}-${m}-${d}`
}

/**
 * `select client_id, address from …` of the clients a campaign of `channel` reaches in `franchiseId`.
 * `today` is the franchise's local day (ages), `now` the instant (app activity).
 */
export function audienceSelect(
  franchiseId: string,
  channel: Channel,
  filters: CampaignFilters,
  clock: { today: string; now: Date },
): SQL {
  for (const key of NOT_YET)
    if (filters[key] !== undefined)
      throw badRequest('FILTER_NOT_SUPPORTED', `The ${key} filter is not available yet`, { field: key })
  const where: SQL[] = [sql`c.franchise_id = ${franchiseId}`]
  if (channel === 'SMS') {
    where.push(sql`c.phone is not null`)
    where.push(
      sql`(${sql.join(
        SMS_PREFIXES.map((p) => sql`c.phone like ${`${p}%`}`),
        sql` or `,
      )})`,
    )
    where.push(
      sql`not exists (select 1 from sms_opt_outs o where o.franchise_id = c.franchise_id and o.phone = c.phone)`,
    )
  } else {
    const since = new Date(clock.now)
    since.setUTCMonth(since.getUTCMonth() - PUSH_ACTIVE_MONTHS)
    where.push(sql`c.app_last_used_at >= ${since.toISOString()}`)
  }
  if (filters.storeIds?.length)
    where.push(
      sql`exists (select 1 from client_stores s where s.client_id = c.id and s.store_id in (${sql.join(
        filters.storeIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    )
  if (filters.gender) where.push(sql`c.gender = ${filters.gender === 'men' ? 'male' : 'female'}`)
  const minAge = filters.minAge ?? 0
  const maxAge = filters.maxAge ?? 100
  if (minAge > 0) where.push(sql`c.birth_date <= ${bornBy(clock.today, minAge)}`)
  // Younger than maxAge + 1: born after that many years ago. Clients without a birth date are kept
  // only by the default range.
  if (maxAge < 100) where.push(sql`c.birth_date > ${bornBy(clock.today, maxAge + 1)}`)
  if (minAge > 0 || maxAge < 100) where.push(sql`c.birth_date is not null`)
  const balance: [keyof CampaignFilters, string, '>=' | '<='][] = [
    ['minLoyaltyPoints', 'points', '>='],
    ['maxLoyaltyPoints', 'points', '<='],
    ['minCollectedPoints', 'total_collected_points', '>='],
    ['maxCollectedPoints', 'total_collected_points', '<='],
  ]
  for (const [key, column, op] of balance) {
    const v = filters[key] as number | undefined
    if (v !== undefined) where.push(sql`b.${sql.raw(column)} ${sql.raw(op)} ${v}`)
  }
  if (filters.clientsAcquiredFrom?.length)
    where.push(
      sql`c.acquired_from in (${sql.join(
        filters.clientsAcquiredFrom.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
  if (filters.zipOrPostcodes?.length)
    where.push(
      sql`c.postcode in (${sql.join(
        filters.zipOrPostcodes.map((p) => sql`${p.trim()}`),
        sql`, `,
      )})`,
    )
  const address = channel === 'SMS' ? sql`c.phone` : sql`c.id::text`
  return sql`select c.id as client_id, ${address} as address
    from clients c join client_balances b on b.client_id = c.id
    where ${sql.join(where, sql` and `)}`
}

/** How many clients a campaign of `channel` with `filters` reaches (the cost call, the bench). */
export async function countAudience(
  db: Db,
  franchiseId: string,
  channel: Channel,
  filters: CampaignFilters,
  clock: { today: string; now: Date },
): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from (${audienceSelect(franchiseId, channel, filters, clock)}) a`,
  )
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0
}
