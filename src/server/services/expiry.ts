// Points expiry (issue 23; domain/expiry.ts): the franchise's setting (read by its owner and store
// owners, written by full access) and what a client's points will lose, and when. The nightly run
// that writes the expiry rows and sends the reminders is expiry-run.ts; what a draft would do,
// expiry-preview.ts.
import { eq, sql } from 'drizzle-orm'
import { localClock } from '../../domain/campaigns'
import {
  addMonths,
  type ClientExpiryResponse,
  DEFAULT_EXPIRY_MONTHS,
  type ExpiryMode,
  type ExpirySettingsBody,
  type ExpirySettingsResponse,
  firstRunDayAfter,
} from '../../domain/expiry'
import { reminderError } from '../../domain/expiry-reminder'
import { type Db, rowsOf, type Tx } from '../db/client'
import { pointsExpirySettings } from '../db/schema'
import { badRequest } from '../errors'
import { visibleClient } from './clients'
import { scopedFranchise, type Tenant } from './scope'

export type ExpirySettings = typeof pointsExpirySettings.$inferSelect

/** A franchise's setting; one that never saved it has the default (off). */
export async function settingsOf(db: Db | Tx, franchiseId: string): Promise<ExpirySettings> {
  const [row] = await db
    .select()
    .from(pointsExpirySettings)
    .where(eq(pointsExpirySettings.franchiseId, franchiseId))
  return (
    row ?? {
      franchiseId,
      id: franchiseId,
      mode: 'OFF',
      months: DEFAULT_EXPIRY_MONTHS,
      reminderEnabled: false,
      reminderChannel: 'SMS',
      reminderTitle: '',
      reminderMessage: '',
      lastRunDay: null,
      firstRunDay: null,
      updatedAt: new Date(0),
    }
  )
}

const toResponse = (s: ExpirySettings, canEdit: boolean): ExpirySettingsResponse => ({
  franchiseId: s.franchiseId,
  mode: s.mode as ExpiryMode,
  months: s.months,
  reminder: {
    enabled: s.reminderEnabled,
    channel: s.reminderChannel as 'SMS' | 'PUSH',
    title: s.reminderTitle,
    message: s.reminderMessage,
  },
  lastRunDay: s.lastRunDay,
  canEdit,
})

/** GET /api/v2/franchises/{id}/points-expiry: a store owner reads it, read-only. */
export async function readExpirySettings(db: Db, tenant: Tenant, franchiseId: string) {
  const f = await scopedFranchise(db, tenant, franchiseId)
  return toResponse(await settingsOf(db, f.id), tenant.storeIds === null)
}

/** PUT /api/v2/franchises/{id}/points-expiry: the whole setting; the reminder's text follows §5. */
export async function saveExpirySettings(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  body: ExpirySettingsBody,
  now = new Date(),
): Promise<ExpirySettingsResponse> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  if (body.mode !== 'OFF' && body.reminder.enabled) {
    const error = reminderError(body.reminder, f.codeAlpha3)
    if (error)
      throw badRequest('VALIDATION_FAILED', `Invalid body: reminder.${error.field}: ${error.code}`, {
        field: `reminder.${error.field}`,
        reason: error.code,
        in: 'body',
      })
  }
  // A new rule (mode or months) first runs at the next night, never minutes after a save by day.
  const prev = await settingsOf(db, f.id)
  const isNewRule = body.mode !== 'OFF' && (prev.mode !== body.mode || prev.months !== body.months)
  const values = {
    firstRunDay: isNewRule ? firstRunDayAfter(now, f.timezone) : prev.firstRunDay,
    mode: body.mode,
    months: body.months,
    reminderEnabled: body.reminder.enabled,
    reminderChannel: body.reminder.channel,
    reminderTitle: body.reminder.title.trim(),
    reminderMessage: body.reminder.message.trim(),
    updatedAt: now,
  }
  const [row] = await db
    .insert(pointsExpirySettings)
    .values({ franchiseId: f.id, ...values })
    .onConflictDoUpdate({ target: pointsExpirySettings.franchiseId, set: values })
    .returning()
  return toResponse(row!, true)
}

/**
 * GET /api/v2/franchises/{fid}/clients/{id}/points-expiry: the points that will expire and the local
 * day each part goes, soonest first — the whole balance at once (INACTIVITY), or what remains of each
 * earning batch after FIFO spends, grouped by day (BATCH; sql/points_batches.sql).
 */
export async function clientExpiry(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  clientId: string,
): Promise<ClientExpiryResponse> {
  const c = await visibleClient(db, tenant, franchiseId, clientId)
  const f = await scopedFranchise(db, tenant, franchiseId)
  const s = await settingsOf(db, f.id)
  const base = { mode: s.mode as ExpiryMode, months: s.months, balance: c.points }
  if (s.mode === 'OFF' || c.points <= 0) return { ...base, upcoming: [] }
  if (s.mode === 'INACTIVITY') {
    const since = localClock(c.lastVisitAt ?? c.createdAt, f.timezone).day
    return { ...base, upcoming: [{ points: c.points, expiresOn: addMonths(since, s.months) }] }
  }
  const res = await db.execute(sql`
    select to_char(((b.created_at at time zone ${f.timezone})::date + make_interval(months => ${s.months}))::date,
                   'YYYY-MM-DD') as "expiresOn",
           sum(b.remaining)::int as points
      from points_batches(${c.id}) b
     where b.remaining > 0
     group by 1 order by 1
     limit 24`)
  return { ...base, upcoming: rowsOf<{ expiresOn: string; points: number }>(res) }
}
