// What saving a points expiry draft would do (issue 34): when the next night run is and what it
// expires and reminds, and the clients already past the delay with the day they lose their points.
// The figures come from the run's own selections (expiry-run.ts dueSql, expiringSql), read without
// locks: the run decides exactly, under the balance lock.
import { sql } from 'drizzle-orm'
import { localClock } from '../../domain/campaigns'
import {
  type ExpiryPreview,
  type ExpiryPreviewQuery,
  expiryStartsOn,
  firstRunDayAfter,
  nextExpiryRun,
} from '../../domain/expiry'
import { type Db, rowsOf } from '../db/client'
import { audienceSelect } from './campaign-audience'
import { settingsOf } from './expiry'
import { dueSql, expiringSql } from './expiry-run'
import { scopedFranchise, type Tenant } from './scope'

/** GET /api/v2/franchises/{id}/points-expiry/preview: the draft in the query, nothing saved. */
export async function previewExpiry(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  q: ExpiryPreviewQuery,
  now = new Date(),
): Promise<ExpiryPreview> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  const none = { clients: 0, points: 0 }
  if (q.mode === 'OFF')
    return {
      timezone: f.timezone,
      nextRunAt: null,
      nextRunDay: null,
      expiring: none,
      reminding: 0,
      overdue: { ...none, expiresOn: null },
    }
  const saved = await settingsOf(db, f.id)
  const rule = { mode: q.mode, months: q.months }
  // Saving a new rule moves its first run to the next night (saveExpirySettings).
  const isNewRule = saved.mode !== q.mode || saved.months !== q.months
  const firstRunDay = isNewRule ? firstRunDayAfter(now, f.timezone) : saved.firstRunDay
  const next = nextExpiryRun(now, f.timezone, { lastRunDay: saved.lastRunDay, firstRunDay })
  const startsOn = expiryStartsOn(firstRunDay, q.reminder !== 'NONE')
  const [due] = rowsOf<{ clients: number; points: number }>(
    await db.execute(sql`select count(*)::int as clients, coalesce(sum(d.due), 0)::int as points
      from (${dueSql(f, rule, next.day)}) d`),
  )
  const overdue = { clients: due?.clients ?? 0, points: due?.points ?? 0 }
  const expiresOn = startsOn !== null && startsOn > next.day ? startsOn : next.day
  let reminding = 0
  if (q.reminder !== 'NONE') {
    const audience = audienceSelect(f.id, q.reminder, {}, { today: localClock(now, f.timezone).day, now })
    const [r] = rowsOf<{ clients: number }>(
      await db.execute(sql`select count(distinct e.client_id)::int as clients
        from (${expiringSql(f, rule, next.day, startsOn)}) e join (${audience}) au on au.client_id = e.client_id
       where not exists (select 1 from points_expiry_reminders r
                          where r.client_id = e.client_id and r.batch = e.batch)`),
    )
    reminding = r?.clients ?? 0
  }
  return {
    timezone: f.timezone,
    nextRunAt: next.at.toISOString(),
    nextRunDay: next.day,
    expiring: expiresOn === next.day ? overdue : none,
    reminding,
    overdue: { ...overdue, expiresOn },
  }
}
