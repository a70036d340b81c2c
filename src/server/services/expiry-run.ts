// The nightly points expiry run of one franchise on one local day (issue 23; jobs/expiry.ts queues it).
// 1. Expire: the clients that may have points due are selected through indexes (a balance above zero
//    and a last visit, or an earning, older than the cutoff), then each is settled by the database
//    function points_expire (sql/points_expire.sql) — under the client's balance lock, through
//    ledger_move, as one `expiry` row referenced `expiry:<client>:<day>`, nothing if that row exists.
//    Batches of clients go in one statement (one round trip, one commit each): a crash or a kill in the
//    middle leaves whole batches done, and the rerun finds them done.
// 2. Remind (when the franchise enables it): the batches expiring within REMINDER_DAYS_BEFORE days not
//    reminded yet become one campaign of the dispatch engine (window 08–20, consent, rate limits,
//    exactly-once per recipient), as the automations' runs do; points_expiry_reminders' key (client,
//    batch) makes each batch reminded once, whatever reruns, restarts or second workers do.
// 3. The day is marked run.
// A rule saved (mode or months) first runs at the next night (firstRunDay); with the reminder on,
// nothing expires before the reminder's lead time after it (domain expiryStartsOn): the clients
// already past the delay are reminded at the first run and keep their points until then.
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import { type Channel, localClock, localInstant } from '../../domain/campaigns'
import {
  addDays,
  EXPIRY_RUN_END_HOUR,
  EXPIRY_RUN_HOUR,
  expiryStartsOn,
  lastDayExpiredBy,
  REMINDER_DAYS_BEFORE,
} from '../../domain/expiry'
import { type Db, rowsOf, type Tx } from '../db/client'
import { campaigns, franchises, pointsExpirySettings } from '../db/schema'
import { audienceSelect } from './campaign-audience'
import { insertCampaign } from './campaign-lifecycle'
import type { CampaignQueue } from './campaigns'
import { type ExpirySettings, settingsOf } from './expiry'

type Franchise = typeof franchises.$inferSelect

/** Clients settled per statement. */
export const EXPIRY_BATCH = 200

export type ExpiryRunResult = { day: string; clients: number; points: number; reminded: number }

/** The instant a local day starts: points earned (or last visits) before it are on earlier days. */
const dayStart = (day: string, f: Franchise) => localInstant(day, 0, f.timezone)

/** Whether the franchise's reminders go out (on, with a text). */
export const reminds = (s: ExpirySettings) => s.reminderEnabled && s.reminderMessage.trim() !== ''

/**
 * `select client_id, due` of the clients with points due on `day` and how many (what points_expire
 * computes under the lock; read as is by the preview).
 */
export function dueSql(f: Franchise, s: Pick<ExpirySettings, 'mode' | 'months'>, day: string): SQL {
  const cutoff = dayStart(addDays(lastDayExpiredBy(day, s.months), 1), f).toISOString()
  if (s.mode === 'INACTIVITY')
    return sql`select b.client_id, b.points as due from client_balances b join clients c on c.id = b.client_id
      where b.franchise_id = ${f.id} and b.points > 0 and c.franchise_id = ${f.id}
        and c.last_visit_key < ${cutoff} and (c.last_visit_at is not null or c.created_at < ${cutoff})
      order by b.client_id`
  // BATCH: what was earned before the cutoff less all that was spent (FIFO), within the balance.
  return sql`select d.client_id, d.due from (
      select b.client_id, least(b.points,
               (select coalesce(sum(t.points) filter (where t.points > 0 and t.created_at < ${cutoff}), 0)
                     + coalesce(sum(t.points) filter (where t.points < 0), 0)
                  from points_transactions t where t.client_id = b.client_id))::int as due
        from client_balances b
       where b.franchise_id = ${f.id} and b.points > 0
         and exists (select 1 from points_transactions t
                      where t.client_id = b.client_id and t.points > 0 and t.created_at < ${cutoff})) d
    where d.due > 0
    order by d.client_id`
}

async function expireDue(db: Db, f: Franchise, s: ExpirySettings, day: string, now: Date, size: number) {
  const ids = rowsOf<{ client_id: string }>(await db.execute(dueSql(f, s, day))).map((r) => r.client_id)
  let clients = 0
  let points = 0
  for (let i = 0; i < ids.length; i += size) {
    const batch = ids.slice(i, i + size).map((clientId) => ({
      franchise_id: f.id,
      client_id: clientId,
      mode: s.mode,
      months: s.months,
      day,
      timezone: f.timezone,
      now: now.toISOString(),
    }))
    const res = await db.execute(sql`
      select coalesce(sum((r->>'expired')::int), 0)::int as points,
             count(*) filter (where (r->>'expired')::int > 0)::int as clients
        from (select points_expire(p) as r from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) p) x`)
    const [row] = rowsOf<{ points: number; clients: number }>(res)
    clients += row?.clients ?? 0
    points += row?.points ?? 0
  }
  return { clients, points }
}

/**
 * `select client_id, batch, expires_on` of the batches that expire on the days after `day` up to
 * REMINDER_DAYS_BEFORE later and still hold points: those earned (BATCH) or last visited
 * (INACTIVITY) in [lo, hi). Before the rule's start (`startsOn`) every batch past the delay expires
 * on that start, so those are included too (no lower bound) and expire on it.
 */
export function expiringSql(
  f: Franchise,
  s: Pick<ExpirySettings, 'mode' | 'months'>,
  day: string,
  startsOn: string | null,
): SQL {
  const lo =
    startsOn !== null && startsOn > day
      ? null
      : dayStart(addDays(lastDayExpiredBy(day, s.months), 1), f).toISOString()
  const hi = dayStart(
    addDays(lastDayExpiredBy(addDays(day, REMINDER_DAYS_BEFORE), s.months), 1),
    f,
  ).toISOString()
  const natural = (at: SQL) =>
    sql`((${at} at time zone ${f.timezone})::date + make_interval(months => ${s.months}))::date`
  const expiresOn = (at: SQL) =>
    startsOn === null ? natural(at) : sql`greatest(${natural(at)}, ${startsOn}::date)`
  const from = (at: SQL) => (lo === null ? sql`${at} < ${hi}` : sql`${at} >= ${lo} and ${at} < ${hi}`)
  if (s.mode === 'INACTIVITY')
    return sql`select c.id as client_id, 'inactive:' || ${natural(sql`coalesce(c.last_visit_at, c.created_at)`)} as batch,
        ${expiresOn(sql`coalesce(c.last_visit_at, c.created_at)`)} as expires_on
      from clients c join client_balances b on b.client_id = c.id
      where c.franchise_id = ${f.id} and b.points > 0
        and ((c.last_visit_at is not null and ${from(sql`c.last_visit_key`)})
          or (c.last_visit_at is null and ${from(sql`c.created_at`)}))`
  return sql`select b.client_id, pb.id::text as batch, ${expiresOn(sql`pb.created_at`)} as expires_on
    from client_balances b cross join lateral points_batches(b.client_id) pb
    where b.franchise_id = ${f.id} and b.points > 0
      and exists (select 1 from points_transactions t where t.client_id = b.client_id and t.points > 0
                     and ${from(sql`t.created_at`)})
      and pb.remaining > 0 and ${from(sql`pb.created_at`)}`
}

/** The reminders of `day`: one campaign, one message per client, each batch recorded once. */
async function remind(
  tx: Tx,
  f: Franchise,
  s: ExpirySettings,
  day: string,
  now: Date,
  startsOn: string | null,
) {
  const channel = s.reminderChannel as Channel
  const c = await insertCampaign(tx, {
    franchiseId: f.id,
    userId: f.userId,
    automationId: s.id,
    name: `Points expiry ${day}`,
    type: 'POINTS_EXPIRY',
    content: 'NEWS',
    channel,
    title: s.reminderTitle,
    message: s.reminderMessage,
    filters: {},
    startAt: now,
    // The audience is this run's selection, frozen here: the engine never freezes it again.
    frozenAt: now,
  })
  const audience = audienceSelect(f.id, channel, {}, { today: day, now })
  const res = await tx.execute(sql`
    with picked as (
      select e.client_id, e.batch, e.expires_on, au.address
        from (${expiringSql(f, s, day, startsOn)}) e join (${audience}) au on au.client_id = e.client_id),
    fresh as (
      insert into points_expiry_reminders (client_id, batch, franchise_id, expires_on, campaign_id)
      select p.client_id, p.batch, ${f.id}, p.expires_on, ${c!.id} from picked p
      on conflict do nothing
      returning client_id, batch)
    insert into campaign_recipients (campaign_id, client_id, franchise_id, channel, address, status, dedupe_key)
    select distinct on (p.client_id) ${c!.id}, p.client_id, ${f.id}, ${channel}, p.address, 'PENDING',
      'expiry-reminder:' || p.client_id || ':' || p.batch
    from fresh s join picked p on p.client_id = s.client_id and p.batch = s.batch
    order by p.client_id, p.batch
    on conflict do nothing`)
  const reminded = Number((res as { rowCount?: number }).rowCount ?? 0)
  if (reminded === 0) {
    await tx.delete(campaigns).where(eq(campaigns.id, c!.id))
    return { campaignId: null, reminded: 0 }
  }
  return { campaignId: c!.id, reminded }
}

/** A franchise's run at `now` (its local day). Safe to run again, and to kill at any moment. */
export async function runFranchiseExpiry(
  db: Db,
  franchiseId: string,
  now: Date,
  queue?: CampaignQueue,
  options: { batchSize?: number } = {},
): Promise<ExpiryRunResult> {
  const [f] = await db.select().from(franchises).where(eq(franchises.id, franchiseId))
  const s = f ? await settingsOf(db, f.id) : null
  const day = f ? localClock(now, f.timezone).day : ''
  const none = { day, clients: 0, points: 0, reminded: 0 }
  // Before the rule's first night nothing runs (a save by day is not a run).
  if (!f || !s || s.mode === 'OFF' || (s.firstRunDay !== null && day < s.firstRunDay)) return none
  const startsOn = expiryStartsOn(s.firstRunDay, reminds(s))
  const expired =
    startsOn === null || day >= startsOn
      ? await expireDue(db, f, s, day, now, options.batchSize ?? EXPIRY_BATCH)
      : { clients: 0, points: 0 }
  let reminded = 0
  if (reminds(s)) {
    const made = await db.transaction((tx) => remind(tx, f, s, day, now, startsOn))
    reminded = made.reminded
    // After the commit; a crash before this line leaves a QUEUED campaign that the server requeues.
    if (made.campaignId) await queue?.enqueue(made.campaignId, now)
  }
  await db
    .update(pointsExpirySettings)
    .set({ lastRunDay: day })
    .where(
      and(
        eq(pointsExpirySettings.franchiseId, f.id),
        or(isNull(pointsExpirySettings.lastRunDay), lt(pointsExpirySettings.lastRunDay, day)),
      ),
    )
  return { day, ...expired, reminded }
}

/**
 * The franchises due a run at `now`: expiry on, the local time inside the night window, the rule's
 * first night reached, and the local day not run yet. A server stopped all night runs the next night
 * (what was due is still due then); never by day, when the owner may be saving the setting.
 */
export async function dueExpiryFranchises(
  db: Db,
  now: Date,
  runHour = EXPIRY_RUN_HOUR,
  endHour = EXPIRY_RUN_END_HOUR,
): Promise<{ id: string; day: string }[]> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone f.timezone)`
  const res = await db.execute(sql`
    select f.id, to_char(${local}, 'YYYY-MM-DD') as day
    from points_expiry_settings s join franchises f on f.id = s.franchise_id
    where s.mode <> 'OFF' and extract(hour from ${local}) >= ${runHour}
      and extract(hour from ${local}) < ${endHour}
      and (s.first_run_day is null or s.first_run_day <= ${local}::date)
      and (s.last_run_day is null or s.last_run_day < ${local}::date)`)
  return rowsOf<{ id: string; day: string }>(res)
}
