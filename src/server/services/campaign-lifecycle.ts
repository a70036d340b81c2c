// The campaign's lifecycle (issue 36 §3): its `state` (DRAFT, VALID, CANCELLED) and its dispatch
// (IDLE, QUEUED, SENDING, PAUSED, SENT, CANCELLED) change only here, by the transitions of this table.
// Each is one conditional write: the row moves only from the statuses its transition allows, so two
// writers racing (the merchant's pause, the engine's finish) never both win, and the caller learns from
// the returned row whether its move happened. Services, jobs and automations call these functions;
// none of them writes the two columns itself.
import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { campaigns } from '../db/schema'

type Dispatch = 'IDLE' | 'QUEUED' | 'SENDING' | 'PAUSED' | 'SENT' | 'CANCELLED'
type Insert = typeof campaigns.$inferInsert

/** From which dispatch statuses each transition may move a campaign, and where it leaves it. */
export const TRANSITIONS = {
  /** A new campaign, due at its start (the merchant's, an automation's, the expiry reminder's). */
  create: { from: [], to: { state: 'VALID', dispatch: 'QUEUED' } },
  /** Saved again or sent now, before its audience is frozen: waits for its (new) start. */
  requeue: { from: ['IDLE', 'QUEUED', 'PAUSED'], to: { state: 'VALID', dispatch: 'QUEUED' } },
  /** Its start has come: the dispatch job takes it. */
  start: { from: ['QUEUED'], to: { dispatch: 'SENDING' } },
  /** The merchant's pause, or the circuit breaker's (SENDING only). */
  pause: { from: ['QUEUED', 'SENDING'], to: { dispatch: 'PAUSED' } },
  /** Back to where it was: SENDING once its audience is frozen, else QUEUED. */
  resume: { from: ['PAUSED'], to: { dispatch: 'QUEUED|SENDING' } },
  /** Nothing left pending or in flight. */
  finish: { from: ['SENDING'], to: { dispatch: 'SENT' } },
  /** Stopped for good; a finished send stays SENT. */
  cancel: { from: ['IDLE', 'QUEUED', 'SENDING', 'PAUSED', 'SENT', 'CANCELLED'], to: { state: 'CANCELLED' } },
} as const satisfies Record<string, { from: readonly Dispatch[]; to: Record<string, string> }>

const from = (t: keyof typeof TRANSITIONS) => inArray(campaigns.dispatch, [...TRANSITIONS[t].from])
const ids = { id: campaigns.id, startAt: campaigns.startAt }

/** Inserts a campaign in its first state (`create`); the values never carry state or dispatch. */
export async function insertCampaign(db: Db | Tx, values: Omit<Insert, 'state' | 'dispatch'>) {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, ...TRANSITIONS.create.to })
    .returning(ids)
  return row!
}

/**
 * `requeue`: the campaign (matched by `where`, the caller's scope) waits for `changes.startAt` again,
 * with the caller's other changes in the same write; none when its audience is frozen or it is gone.
 */
export async function requeueCampaign(db: Db | Tx, where: SQL | undefined, changes: Partial<Insert>) {
  return db
    .update(campaigns)
    .set({ ...changes, ...TRANSITIONS.requeue.to, pauseReason: null })
    .where(and(where, isNull(campaigns.frozenAt), from('requeue')))
    .returning(ids)
}

/** `start`: a QUEUED campaign whose start has come is SENDING. */
export async function startCampaign(db: Db | Tx, id: string, now: Date) {
  return db
    .update(campaigns)
    .set(TRANSITIONS.start.to)
    .where(and(eq(campaigns.id, id), from('start'), lte(campaigns.startAt, now)))
    .returning(ids)
}

/** `pause` by the merchant (a VALID campaign waiting or sending) or by the provider failing (sending). */
export async function pauseCampaignDispatch(
  db: Db | Tx,
  where: SQL | undefined,
  reason: 'MERCHANT' | 'PROVIDER_FAILING',
  now?: Date,
) {
  const allowed = reason === 'MERCHANT' ? from('pause') : eq(campaigns.dispatch, 'SENDING')
  return db
    .update(campaigns)
    .set({ ...TRANSITIONS.pause.to, pauseReason: reason, ...(now ? { updatedAt: now } : {}) })
    .where(and(where, eq(campaigns.state, 'VALID'), allowed))
    .returning(ids)
}

/** `resume`: a paused campaign goes on, SENDING when its audience is frozen, else QUEUED. */
export async function resumeCampaignDispatch(db: Db | Tx, where: SQL | undefined, now: Date) {
  return db
    .update(campaigns)
    .set({
      dispatch: sql`case when ${campaigns.frozenAt} is null then 'QUEUED' else 'SENDING' end`,
      pauseReason: null,
      updatedAt: now,
    })
    .where(and(where, eq(campaigns.state, 'VALID'), from('resume')))
    .returning(ids)
}

/** `finish`: a sending campaign with nothing left is SENT. */
export async function finishCampaign(db: Db | Tx, id: string, now: Date) {
  return db
    .update(campaigns)
    .set({ ...TRANSITIONS.finish.to, sentAt: now })
    .where(and(eq(campaigns.id, id), from('finish')))
    .returning(ids)
}

/** `cancel`: CANCELLED for good; a finished dispatch stays SENT, any other stops. */
export async function cancelCampaignState(db: Db | Tx, where: SQL | undefined, now: Date) {
  return db
    .update(campaigns)
    .set({
      ...TRANSITIONS.cancel.to,
      dispatch: sql`case when ${campaigns.dispatch} = 'SENT' then 'SENT' else 'CANCELLED' end`,
      pauseReason: null,
      updatedAt: now,
    })
    .where(where)
    .returning(ids)
}

/** Whether a campaign's dispatch is over for good (cancelled). */
export const isCancelled = (c: { state: string; dispatch: string }) =>
  c.state === 'CANCELLED' || c.dispatch === 'CANCELLED'

/** Campaigns whose dispatch should be queued (after a restart, a lost job): waiting or sending. */
export async function liveCampaigns(db: Db) {
  return db
    .select(ids)
    .from(campaigns)
    .where(and(eq(campaigns.state, 'VALID'), inArray(campaigns.dispatch, ['QUEUED', 'SENDING'])))
}
