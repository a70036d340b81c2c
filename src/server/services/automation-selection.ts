// The daily run of an automated marketing (issue 20): who qualifies, selected from the client
// aggregates through their indexes (never the ledger), turned into one campaign that the dispatch
// engine sends (window 08–20, rate limits, adapters, exactly-once per recipient).
//
// - BIRTHDAY: clients born on the month-day celebrated `daysBefore` days after each run day
//   (clients_birthday_idx); 29 February on 28 February in other years; occasion = that year.
// - LOST_CUSTOMER: clients whose last visit crossed the franchise's qualification since the last run
//   (clients_list_last_visit_idx range); occasion = the local day the lost episode started, so a
//   client who comes back and is lost again has a new occasion.
// - NEW_CUSTOMER: clients whose first visit's local day plus the delay is a run day
//   (clients_list_first_seen_idx range); occasion = 'first' (once per client).
//
// Exactly once: the automation row is locked for the run (a second worker waits, then finds the day
// done); automation_sends' unique (automation, client, occasion) drops any occasion already messaged;
// the sends, the campaign and its recipients commit together with the day the run reached. The
// recipients carry `automation:<id>:<client>:<occasion>` as the provider's idempotency key.
import { eq, type SQL, sql } from 'drizzle-orm'
import { addDays, birthdayTargets, CATCH_UP_DAYS, contentOf, runDays } from '../../domain/automations'
import { type Channel, localClock, localInstant } from '../../domain/campaigns'
import { periodStart } from '../../domain/clients'
import { type Db, rowsOf, type Tx } from '../db/client'
import { automatedMarketings, campaigns, franchises } from '../db/schema'
import { audienceSelect } from './campaign-audience'
import { insertCampaign } from './campaign-lifecycle'
import type { CampaignQueue } from './campaigns'

type Automation = typeof automatedMarketings.$inferSelect
type Franchise = typeof franchises.$inferSelect

const DAY_MS = 86_400_000

/** The covered window of a run: local days (birthdays, new customers) and instants (lost customers). */
export type RunWindow = { days: string[]; from: Date; now: Date }

export function runWindow(
  a: Pick<Automation, 'lastRunDay' | 'coveredUntil'>,
  timezone: string,
  now: Date,
): RunWindow {
  const today = localClock(now, timezone).day
  const earliest = new Date(now.getTime() - CATCH_UP_DAYS * DAY_MS)
  const covered = a.coveredUntil
  const from = covered && covered > earliest ? covered : covered ? earliest : now
  return { days: runDays(a.lastRunDay, today), from, now }
}

/** `select client_id, address, occasion` of the clients an automation messages over `w`; null: none. */
export function selectionSql(a: Automation, f: Franchise, w: RunWindow): SQL | null {
  let join: SQL
  let where: SQL
  let occasion: SQL
  if (a.type === 'BIRTHDAY') {
    if (!w.days.length) return null
    const targets = w.days.map((d) => birthdayTargets(d, a.daysBefore))
    const pairs = targets.flatMap((t) => t.monthDays.map((md) => sql`(${md}, ${t.occasion})`))
    const monthDays = targets.flatMap((t) => t.monthDays)
    // Through client_birthdays (sql/client_birthdays.sql): substr() is not leakproof, so a condition on
    // it under row-level security read every client of the franchise instead of the birthday index.
    join = sql`join client_birthdays(${f.id}::uuid, array[${sql.join(monthDays, sql`, `)}]::text[]) b
        on b.client_id = c.id
      join (values ${sql.join(pairs, sql`, `)}) as t(md, occasion) on b.month_day = t.md`
    where = sql`c.birth_date is not null`
    occasion = sql`t.occasion`
  } else if (a.type === 'NEW_CUSTOMER') {
    if (!w.days.length) return null
    const first = localInstant(addDays(w.days[0]!, -a.delayDays), 0, f.timezone)
    const end = localInstant(addDays(w.days.at(-1)!, 1 - a.delayDays), 0, f.timezone)
    join = sql``
    where = sql`c.first_seen_at >= ${first.toISOString()} and c.first_seen_at < ${end.toISOString()}
      and c.first_visit_at is not null`
    occasion = sql`'first'`
  } else {
    if (w.from >= w.now) return null
    const q = f.customersQualification.lostCustomers.timeSinceLastVisit
    // Not lost at the last run, lost now: the last visit is between the two periods' starts.
    const lo = periodStart(q, w.from).toISOString()
    const hi = periodStart(q, w.now).toISOString()
    const interval =
      q.unit === 'months'
        ? sql`make_interval(months => ${q.value})`
        : sql`make_interval(days => ${q.unit === 'weeks' ? 7 * q.value : q.value})`
    join = sql``
    where = sql`c.last_visit_key >= ${lo} and c.last_visit_key < ${hi}`
    occasion = sql`to_char((((c.last_visit_at at time zone 'UTC') + ${interval}) at time zone 'UTC') at time zone ${f.timezone}, 'YYYY-MM-DD')`
  }
  const audience = audienceSelect(f.id, a.channel as Channel, a.filters, {
    today: localClock(w.now, f.timezone).day,
    now: w.now,
  })
  return sql`select c.id as client_id, au.address, ${occasion} as occasion
    from clients c ${join}
    join (${audience}) au on au.client_id = c.id
    where c.franchise_id = ${f.id} and ${where}`
}

export type RunResult = { campaignId: string | null; recipients: number }

/** One automation's run at `now`: its campaign of new occasions, queued for the dispatch engine. */
export async function runAutomation(
  db: Db,
  automationId: string,
  now: Date,
  queue?: CampaignQueue,
): Promise<RunResult> {
  const result = await db.transaction(async (tx) => {
    // The lock: a second worker's run of this automation waits here, then finds the days done.
    const [a] = await tx
      .select()
      .from(automatedMarketings)
      .where(eq(automatedMarketings.id, automationId))
      .for('update')
    if (!a?.isActive) return { campaignId: null, recipients: 0 }
    const [f] = await tx.select().from(franchises).where(eq(franchises.id, a.franchiseId))
    const w = runWindow(a, f!.timezone, now)
    const selection = selectionSql(a, f!, w)
    const made = selection
      ? await messageOccasions(tx, a, selection, now)
      : { campaignId: null, recipients: 0 }
    await tx
      .update(automatedMarketings)
      .set({ lastRunDay: localClock(now, f!.timezone).day, lastRunAt: now, coveredUntil: now })
      .where(eq(automatedMarketings.id, a.id))
    return made
  })
  // After the commit; a crash before this line leaves a QUEUED campaign that the server requeues.
  if (result.campaignId) await queue?.enqueue(result.campaignId, now)
  return result
}

async function messageOccasions(tx: Tx, a: Automation, selection: SQL, now: Date): Promise<RunResult> {
  const c = await insertCampaign(tx, {
    franchiseId: a.franchiseId,
    userId: a.userId,
    automationId: a.id,
    name: a.name,
    type: a.type,
    content: contentOf(a.coupon),
    channel: a.channel,
    title: a.notificationTitle,
    message: a.message,
    imageUrl: a.imageUrl,
    link: a.link,
    filters: a.filters,
    coupon: a.coupon,
    startAt: now,
    // The audience is this run's selection, frozen here: the engine never freezes it again.
    frozenAt: now,
  })
  const res = await tx.execute(sql`
    with picked as (${selection}),
    fresh as (
      insert into automation_sends (automation_id, client_id, occasion, franchise_id, campaign_id)
      select ${a.id}, p.client_id, p.occasion, ${a.franchiseId}, ${c!.id} from picked p
      on conflict do nothing
      returning client_id, occasion)
    insert into campaign_recipients (campaign_id, client_id, franchise_id, channel, address, status, dedupe_key)
    select distinct on (p.client_id) ${c!.id}, p.client_id, ${a.franchiseId}, ${a.channel}, p.address, 'PENDING',
      'automation:' || ${a.id} || ':' || p.client_id || ':' || p.occasion
    from fresh s join picked p on p.client_id = s.client_id and p.occasion = s.occasion
    on conflict do nothing`)
  const recipients = Number((res as { rowCount?: number }).rowCount ?? 0)
  if (recipients === 0) {
    await tx.delete(campaigns).where(eq(campaigns.id, c!.id))
    return { campaignId: null, recipients: 0 }
  }
  return { campaignId: c!.id, recipients }
}

/** A franchise's run: each active automation in turn. */
export async function runFranchiseAutomations(db: Db, franchiseId: string, now: Date, queue?: CampaignQueue) {
  const active = await db
    .select({ id: automatedMarketings.id })
    .from(automatedMarketings)
    .where(sql`${automatedMarketings.franchiseId} = ${franchiseId} and ${automatedMarketings.isActive}`)
  let recipients = 0
  for (const a of active) recipients += (await runAutomation(db, a.id, now, queue)).recipients
  return { automations: active.length, recipients }
}

/**
 * The franchises due a run at `now`: an active automation not run on the local day yet, and the local
 * time past RUN_HOUR (10:00) — the tick catches up a run a stopped server missed.
 */
export async function dueFranchises(
  db: Db,
  now: Date,
  runHour: number,
): Promise<{ id: string; day: string }[]> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone f.timezone)`
  const res = await db.execute(sql`
    select distinct f.id, to_char(${local}, 'YYYY-MM-DD') as day
    from automated_marketings a join franchises f on f.id = a.franchise_id
    where a.is_active and extract(hour from ${local}) >= ${runHour}
      and (a.last_run_day is null or a.last_run_day < ${local}::date)`)
  return rowsOf<{ id: string; day: string }>(res)
}
