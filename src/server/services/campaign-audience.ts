// Who a campaign reaches (issue 18): the channel's consent rules (SPEC §9) and the campaign filters
// (§3), as one SELECT of (client id, address) over the franchise's clients, used to count the audience
// and to freeze it into campaign_recipients. Never scans the ledger nor the client rows: every filter
// reads the client's narrow audience row (client_audience, kept by triggers; the SMS rule is its `sms`
// column; visits in a period, its `visit_days`).
import { type SQL, sql } from 'drizzle-orm'
import { type CampaignFilters, type Channel, PUSH_ACTIVE_MONTHS } from '../../domain/campaigns'
import { type Db, rowsOf } from '../db/client'
import { clientAudience as a } from '../db/schema'
import { clientTypeCondition, periodStartSql } from './client-queries'

// §9 SMS countries by calling code (E.164 prefixes of the numbers stored): Belgium, Canada and the
// United States (+1), France, French Polynesia, Germany, Ireland, Italy, Martinique, Poland, Portugal,
// Spain, Switzerland, United Kingdom. The database's twin is sql/sms_reachable.sql (client_audience.sms).
export const SMS_PREFIXES = [
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

/** The birth-date bound of an age: born on or before this day to be at least `age` on `today`. */
function bornBy(today: string, age: number): string {
  const [y, m, d] = today.split('-')
  return `${String(Number(y) - age).padStart(4, '0')}-${m}-${d}`
}

const cents = (amount: number) => Math.round(amount * 100)
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

/**
 * A basket range over a cents key that is -1 without sales (average_basket_key, weekly_basket_key): a
 * client without sales has a basket of 0, so a minimum of 0 keeps it and any maximum keeps it.
 * Amounts are in the franchise's currency units; keys are cents rounded down.
 */
function basketRange(key: SQL, min: number | undefined, max: number | undefined): SQL[] {
  const where: SQL[] = []
  if (min !== undefined && cents(min) > 0) where.push(sql`${key} >= ${cents(min)}`)
  if (max !== undefined) where.push(sql`${key} <= ${cents(max)}`)
  return where
}

/**
 * Visits in a period (§3 startPassageDate/endPassageDate with min/max nbPassageTransactions): the
 * client's visits on the franchise's local days from start to end, both included (a visit is a ledger
 * row of type tag or sync). Without counts the period means "came at least once"; with only a maximum
 * the minimum is 0 ("at most N", those who did not come included). Bounds are inclusive. The audience
 * row keeps the client's visit days sorted, one per visit (client_audience.visit_days): the visits up
 * to the end less those before the start are two binary searches in the row (`width_bucket` counts
 * the days up to a day), not a grouping of every client's days.
 */
function visitsInPeriod(f: CampaignFilters): SQL | null {
  if (!f.startPassageDate || !f.endPassageDate) return null
  const lo = f.minNbPassageTransactions ?? (f.maxNbPassageTransactions === undefined ? 1 : 0)
  const hi = f.maxNbPassageTransactions
  const count = sql`(width_bucket(${f.endPassageDate}::date, ${a.visitDays})
    - width_bucket(${f.startPassageDate}::date - 1, ${a.visitDays}))`
  const where: SQL[] = []
  if (lo > 0) where.push(sql`${count} >= ${lo}`)
  if (hi !== undefined) where.push(sql`${count} <= ${hi}`)
  return where.length ? sql.join(where, sql` and `) : null
}

/** Great-circle distance in km between two SQL points: the haversine of geo.ts `distanceKm`. */
const distanceKm = (aLat: SQL, aLng: SQL, bLat: SQL, bLng: SQL) =>
  sql`(2 * 6371 * asin(least(1, sqrt(power(sin(radians(${bLat} - ${aLat}) / 2), 2)
    + cos(radians(${aLat})) * cos(radians(${bLat})) * power(sin(radians(${bLng} - ${aLng}) / 2), 2)))))`

/**
 * Clients within `km` of a centre (§3 radius): the centre is a postcode's coordinates or a store's
 * location (a store of this franchise), and a client is in when its postcode's coordinates are within
 * `km` (inclusive). A postcode's coordinates are its postcode_locations row in the franchise's
 * country, or else the location of the franchise's stores at that postcode. A client without a
 * postcode, or whose postcode has no coordinates, is never within a radius; an unknown centre reaches
 * no one.
 */
function withinRadius(franchiseId: string, radius: NonNullable<CampaignFilters['radius']>): SQL {
  const places = sql`select p.postcode, p.lat, p.lng from postcode_locations p
      where p.country = (select code_alpha3 from franchises where id = ${franchiseId})
    union all
    select s.address_postcode, avg(s.lat), avg(s.lng) from stores s
      where s.franchise_id = ${franchiseId} and s.address_postcode is not null and s.lat is not null
        and s.lng is not null and not exists (select 1 from postcode_locations p
          where p.country = (select code_alpha3 from franchises where id = ${franchiseId})
            and p.postcode = s.address_postcode)
      group by s.address_postcode`
  const center =
    'storeId' in radius.center
      ? sql`select s.lat, s.lng from stores s where s.id = ${radius.center.storeId}
          and s.franchise_id = ${franchiseId} and s.lat is not null and s.lng is not null`
      : sql`select lat, lng from places where postcode = ${radius.center.postcode.trim()} limit 1`
  // A bounding box in latitude first (a degree is ≈ 111.2 km), then the exact distance.
  const dLat = radius.km / 111.19 + 0.01
  return sql`${a.postcode} in (with places as (${places}), center as (${center})
    select pl.postcode from places pl, center k
     where pl.lat between k.lat - ${dLat} and k.lat + ${dLat}
       and ${distanceKm(sql`k.lat`, sql`k.lng`, sql`pl.lat`, sql`pl.lng`)} <= ${radius.km})`
}

/**
 * `select client_id, address from …` of the clients a campaign of `channel` reaches in `franchiseId`.
 * `today` is the franchise's local day (ages), `now` the instant (app activity, client types).
 */
export function audienceSelect(
  franchiseId: string,
  channel: Channel,
  filters: CampaignFilters,
  clock: { today: string; now: Date },
): SQL {
  const where: SQL[] = [sql`${a.franchiseId} = ${franchiseId}`]
  if (channel === 'SMS') where.push(sql`${a.sms}`)
  else {
    const since = new Date(clock.now)
    since.setUTCMonth(since.getUTCMonth() - PUSH_ACTIVE_MONTHS)
    where.push(sql`${a.appLastUsedAt} >= ${since.toISOString()}`)
  }
  if (filters.storeIds?.length) where.push(sql`${a.storeIds} && array[${list(filters.storeIds)}]::uuid[]`)
  if (filters.gender) where.push(sql`${a.gender} = ${filters.gender === 'men' ? 'male' : 'female'}`)
  const minAge = filters.minAge ?? 0
  const maxAge = filters.maxAge ?? 100
  if (minAge > 0) where.push(sql`${a.birthDate} <= ${bornBy(clock.today, minAge)}`)
  // Younger than maxAge + 1: born after that many years ago. Clients without a birth date are kept
  // only by the default range.
  if (maxAge < 100) where.push(sql`${a.birthDate} > ${bornBy(clock.today, maxAge + 1)}`)
  if (minAge > 0 || maxAge < 100) where.push(sql`${a.birthDate} is not null`)
  const bounds = [
    [filters.minLoyaltyPoints, a.points, '>='],
    [filters.maxLoyaltyPoints, a.points, '<='],
    [filters.minCollectedPoints, a.collected, '>='],
    [filters.maxCollectedPoints, a.collected, '<='],
  ] as const
  for (const [v, column, op] of bounds) if (v !== undefined) where.push(sql`${column} ${sql.raw(op)} ${v}`)
  // Average basket: sales total over the number of sales (clients.average_basket_key).
  where.push(...basketRange(sql`${a.averageBasketKey}`, filters.minAverageBasket, filters.maxAverageBasket))
  // Weekly average basket: sales total over the local weeks with a sale (clients.weekly_basket_key).
  where.push(
    ...basketRange(sql`${a.weeklyBasketKey}`, filters.minWeeklyAverageBasket, filters.maxWeeklyAverageBasket),
  )
  const visits = visitsInPeriod(filters)
  if (visits) where.push(visits)
  if (filters.clientsAcquiredFrom?.length)
    where.push(sql`${a.acquiredFrom} in (${list(filters.clientsAcquiredFrom)})`)
  if (filters.zipOrPostcodes?.length)
    where.push(sql`${a.postcode} in (${list(filters.zipOrPostcodes.map((p) => p.trim()))})`)
  if (filters.radius) where.push(withinRadius(franchiseId, filters.radius))
  // The origin provider (§3 originProviderId, beside Store.providerId): the provider of the client's
  // origin, the store of its first visit in this franchise (earliest first visit, then store id) —
  // not any store it visited later.
  if (filters.originProviderId)
    where.push(sql`exists (select 1 from stores s where s.franchise_id = ${franchiseId}
      and s.provider_id = ${filters.originProviderId.trim()}
      and s.id = (select cs.store_id from client_stores cs where cs.client_id = ${a.clientId}
                   order by cs.first_visit_at, cs.store_id limit 1))`)
  // Client types: the client list's rule (clientTypeCondition), on the franchise's qualification.
  if (filters.clientsTypes?.length) {
    const start = periodStartSql(franchiseId, clock.now)
    where.push(
      sql`(${sql.join(
        filters.clientsTypes.map((t) => clientTypeCondition(t, start, a)),
        sql` or `,
      )})`,
    )
  }
  const address = channel === 'SMS' ? sql`${a.phone}` : sql`${a.clientId}::text`
  return sql`select ${a.clientId} as client_id, ${address} as address
    from ${a} where ${sql.join(where, sql` and `)}`
}

/** How many clients a campaign of `channel` with `filters` reaches (the cost call, the bench). */
export async function countAudience(
  db: Db,
  franchiseId: string,
  channel: Channel,
  filters: CampaignFilters,
  clock: { today: string; now: Date },
): Promise<number> {
  const count = sql`select count(*)::int as n from (${audienceSelect(franchiseId, channel, filters, clock)}) a`
  // Without JIT: on a large franchise the count's plan can pass jit_above_cost, and compiling it cost
  // more than it saved (1M clients, a store's lost customers: 72–83 ms without, 79–185 ms with).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`)
    return rowsOf<{ n: number }>(await tx.execute(count))[0]?.n ?? 0
  })
}
