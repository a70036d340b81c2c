// The analytics rollups (issue 8): per franchise, store and local day, recomputed from the ledger by
// the pg-boss job, never by the ledger's write path (ledger_move stays as fast as it is benchmarked).
// Each run reads only the ledger rows created since its watermark, less an overlap window that
// catches rows committed late (a move's created_at is taken before its commit), and recomputes every
// (franchise, day) bucket those rows touch: recomputing makes a re-read harmless.
import { sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../db/client'

export const ROLLUP_NAME = 'ledger-days'
/** Rows committed up to this long after their created_at are still rolled up. */
export const OVERLAP_MS = 5 * 60_000

const NO_STORE = '00000000-0000-0000-0000-000000000000'

/**
 * The SELECT computing rollup rows of one franchise for the given local days, from the ledger:
 * per store (`byStore`) or franchise-wide (store_id null). Shared by the job and the benchmark's raw
 * path, so both answer the same figures.
 */
export function rollupSelect(
  byStore: boolean,
  franchiseId: string,
  tz: string,
  days: string[],
  from: Date,
  to: Date,
) {
  // `sk` is the bucket's store, or a zero id for franchise-wide rows.
  const store = byStore ? sql`t.store_id` : sql`${NO_STORE}::uuid`
  const sameStore = byStore ? sql`and p.store_id = g.sk` : sql``
  const withStore = byStore ? sql`and t.store_id is not null` : sql``
  // One pass: per client and bucket, then per bucket (no self-join, whose row estimates mislead
  // the planner into nested loops over CTEs).
  return sql`
    with g as (
      select ${store} as sk, (t.created_at at time zone ${tz})::date as day, t.client_id,
             count(*) filter (where t.type in ('tag', 'sync'))::int as visits,
             coalesce(sum(t.points) filter (where t.points > 0), 0)::bigint as earned,
             coalesce(-sum(t.points) filter (where t.points < 0), 0)::bigint as spent,
             count(*) filter (where t.amount_cents > 0)::int as sales,
             coalesce(sum(t.amount_cents) filter (where t.amount_cents > 0), 0)::bigint as cents,
             count(*) filter (where t.type = 'redeem' and t.reference is not null)::int as offers
        from points_transactions t
       where t.franchise_id = ${franchiseId} and t.created_at >= ${from.toISOString()}::timestamptz
         and t.created_at < ${to.toISOString()}::timestamptz ${withStore}
         and (t.created_at at time zone ${tz})::date = any(${`{${days.join(',')}}`}::date[])
       group by 1, 2, 3
    ),
    c as (
      -- New: a visitor with no visit (at this store) before the day began.
      select g.*, case when g.visits > 0 then not exists (
               select 1 from points_transactions p
                where p.client_id = g.client_id and p.type in ('tag', 'sync') ${sameStore}
                  and p.created_at < (g.day::timestamp at time zone ${tz})) else false end as is_new
        from g
    )
    select ${franchiseId}::uuid as franchise_id, ${byStore ? sql`sk` : sql`null::uuid`} as store_id, day,
           sum(visits)::int as visits, (count(*) filter (where visits > 0))::int as visitors,
           (count(*) filter (where is_new))::int as new_clients,
           (count(*) filter (where visits > 0 and not is_new))::int as returning_clients,
           sum(earned)::bigint as points_earned, sum(spent)::bigint as points_spent, sum(sales)::int as sales_count,
           sum(cents)::bigint as sales_cents, coalesce(sum(cents) filter (where not is_new), 0)::bigint as returning_sales_cents,
           sum(offers)::int as offers_redeemed
      from c group by sk, day`
}

/** The instant a local day begins in a time zone, with a day of margin either side (for the range scan). */
const around = (days: string[]) => {
  const sorted = [...days].sort()
  return {
    from: new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - 86_400_000),
    to: new Date(Date.parse(`${sorted.at(-1)}T00:00:00Z`) + 2 * 86_400_000),
  }
}

/** Recomputes the buckets of these local days of one franchise (every store, and franchise-wide). */
export async function recomputeDays(tx: Tx | Db, franchiseId: string, tz: string, days: string[]) {
  if (!days.length) return
  const { from, to } = around(days)
  await tx.execute(
    sql`delete from analytics_days where franchise_id = ${franchiseId} and day = any(${`{${days.join(',')}}`}::date[])`,
  )
  for (const byStore of [true, false])
    await tx.execute(sql`insert into analytics_days (franchise_id, store_id, day, visits, visitors, new_clients,
        returning_clients, points_earned, points_spent, sales_count, sales_cents, returning_sales_cents, offers_redeemed)
      ${rollupSelect(byStore, franchiseId, tz, days, from, to)}`)
}

/**
 * Local days (per franchise) of the ledger rows created since `since` (all rows when null), and every
 * day of a franchise that has ledger rows but no rollup yet (its history arrived after an earlier
 * run, e.g. imported or seeded): the second branch is a one-time filter, free once rolled up.
 */
async function touchedDays(tx: Tx | Db, since: Date | null) {
  const recent = since ? sql`and t.created_at >= ${since.toISOString()}::timestamptz` : sql``
  const res = await tx.execute(sql`
    select f.id as franchise_id, f.timezone as tz, array_agg(d.day::text order by d.day) as days
      from franchises f
      cross join lateral (
        select (t.created_at at time zone f.timezone)::date as day
          from points_transactions t where t.franchise_id = f.id ${recent}
        union
        select (t.created_at at time zone f.timezone)::date as day
          from points_transactions t
         where t.franchise_id = f.id and not exists (select 1 from analytics_days a where a.franchise_id = f.id)
      ) d
     group by f.id, f.timezone`)
  return rowsOf<{ franchise_id: string; tz: string; days: string[] | string }>(res).map((r) => ({
    franchiseId: r.franchise_id,
    tz: r.tz,
    // pg answers text[] as an array; PGlite may answer its literal.
    days: Array.isArray(r.days) ? r.days : r.days.replace(/[{}]/g, '').split(',').filter(Boolean),
  }))
}

/**
 * One run of the rollup: the first run (no watermark) rolls the whole ledger up (backfill), later
 * runs only the days touched since the watermark less the overlap. Runs are serialised by an
 * advisory lock, so two servers taking the job at once do the work once.
 */
export async function runRollup(db: Db): Promise<{ buckets: number; backfill: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_rollup'))`)
    const started = rowsOf<{ now: string | Date }>(await tx.execute(sql`select now() as now`))[0]!.now
    const [mark] = rowsOf<{ watermark: string | Date }>(
      await tx.execute(sql`select watermark from analytics_watermarks where name = ${ROLLUP_NAME}`),
    )
    const since = mark ? new Date(new Date(mark.watermark).getTime() - OVERLAP_MS) : null
    const touched = await touchedDays(tx, since)
    let buckets = 0
    for (const t of touched) {
      // Chunks of a month of days keep each statement's working set small during a backfill.
      for (let i = 0; i < t.days.length; i += 31)
        await recomputeDays(tx, t.franchiseId, t.tz, t.days.slice(i, i + 31))
      buckets += t.days.length
    }
    await tx.execute(sql`insert into analytics_watermarks (name, watermark, run_at)
      values (${ROLLUP_NAME}, ${new Date(started).toISOString()}::timestamptz, now())
      on conflict (name) do update set watermark = excluded.watermark, run_at = excluded.run_at`)
    return { buckets, backfill: !mark }
  })
}
