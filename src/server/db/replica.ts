// A streaming read replica for the heavy reads (issue 37 §2): DATABASE_READ_URL. A read goes to the
// replica unless
// - the caller wrote lately and the replica has not replayed that commit yet: a successful write's
//   answer carries the primary's WAL position read after its commit in a cookie (READ_AFTER_COOKIE), so
//   that it travels with the user to whichever web process serves the next call;
// - the replica lags the primary by more than `maxLagMs`;
// - the replica is unreachable: the primary serves until it is tried again (RETRY_MS later).
// Those two changes of state are logged once each way, never per request. The replica's replay position
// is read at most every CACHE_MS (not one extra round trip per read), together with the primary's WAL
// position: when the replica has replayed what the primary had written at instant t, it lags by at most
// now − t (until it has been seen to replay one such position, its lag is unknown: the primary serves).
// A replay position only grows, so a stale one only sends more reads to the primary.
import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import type { Database, Db } from './client'

export const READ_AFTER_COOKIE = 'lb_read_after'
export const CACHE_MS = 25
export const RETRY_MS = 5_000
/** A probe of the replica that takes longer than this counts as the replica unreachable. */
export const PROBE_TIMEOUT_MS = 2_000
const MAX_SAMPLES = 1_000

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }

/** A WAL position (`16/B374D848`) as a number; null when it is not one. */
export function parseLsn(text: string | undefined | null): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '')
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null
}

// The position the current request must read at least, from its cookie (set by plugins/db.ts).
const readAfter = new AsyncLocalStorage<{ lsn: bigint | null }>()

export function runReadingAfter(lsn: bigint | null, fn: () => void): void {
  readAfter.run({ lsn }, fn)
}

/** Errors after which the same read is asked of the primary (drizzle wraps the driver's in `cause`). */
function fallbackOf(err: unknown): 'unreachable' | 'primary' | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof pg.DatabaseError) {
      const code = e.code ?? ''
      // 57P01–57P03: shut down or starting; 08xxx: connection failures; FATAL: the session is lost.
      if (code.startsWith('57P') || code.startsWith('08') || e.severity === 'FATAL') return 'unreachable'
      // A write the hot standby refuses (a read that rolls a figure up on the way), or a read cancelled
      // because replay had to remove rows it was reading: the primary answers both.
      if (code === '25006' || code === '40001') return 'primary'
      return null
    }
    // The socket's errors (ECONNREFUSED, ECONNRESET …) and pg's own when a connection drops.
    const code = (e as { code?: unknown }).code
    if ((typeof code === 'string' && /^E[A-Z]+$/.test(code)) || /^Connection terminated/.test(e.message))
      return 'unreachable'
  }
  return null
}

type State = 'up' | 'lagging' | 'down'

export class ReadReplica {
  private state: State = 'up'
  private replayLsn: bigint | null = null
  private caughtUpAt = Number.NEGATIVE_INFINITY
  // The primary's positions read at the probes, oldest first, not yet replayed when last seen (at most
  // MAX_SAMPLES: dropping the oldest only makes the lag look longer).
  private samples: { at: number; lsn: bigint }[] = []
  private checkedAt = Number.NEGATIVE_INFINITY
  private retryAt = 0
  private probing: Promise<void> | null = null
  // The primary's WAL position, read for the writes that finished before it was asked (see commitLsn).
  private nextLsn: Promise<string> | null = null
  private lsnQueue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly replica: Database,
    private readonly primary: Database,
    private readonly maxLagMs: number,
    private readonly log: Log,
  ) {}

  /** Runs a read on the replica, or on the primary when the replica may not answer it (see above). */
  async read<T>(call: (db: Db) => Promise<T>): Promise<T> {
    if ((await this.choose(readAfter.getStore()?.lsn ?? null)) === 'primary') return call(this.primary.db)
    try {
      return await call(this.replica.db)
    } catch (err) {
      const fallback = fallbackOf(err)
      if (!fallback) throw err
      if (fallback === 'unreachable') this.enter('down', err)
      return call(this.primary.db)
    }
  }

  /** Where a read that must see `after` (a commit's position, or null) goes now. */
  async choose(after: bigint | null): Promise<'replica' | 'primary'> {
    const now = Date.now()
    if (this.state === 'down' && now < this.retryAt) return 'primary'
    if (now - this.checkedAt >= CACHE_MS) await this.probe()
    if (this.state !== 'up') return 'primary'
    if (after !== null && (this.replayLsn === null || this.replayLsn < after)) return 'primary'
    return 'replica'
  }

  /**
   * The primary's WAL position after the caller's commit: one query answers every write that finished
   * before it was sent, so that a burst of writes costs one round trip, not one each.
   */
  commitLsn(): Promise<string> {
    if (this.nextLsn) return this.nextLsn
    const next = this.lsnQueue.then(() => {
      this.nextLsn = null
      return this.primary
        .raw('select pg_current_wal_lsn()::text as lsn')
        .then((res) => String(res.rows[0]?.lsn))
    })
    this.nextLsn = next
    this.lsnQueue = next.catch(() => {})
    return next
  }

  close(): Promise<void> {
    return this.replica.close()
  }

  private probe(): Promise<void> {
    this.probing ??= this.readPositions().finally(() => {
      this.probing = null
    })
    return this.probing
  }

  private async readPositions(): Promise<void> {
    const at = Date.now()
    // The primary unreachable says nothing of the replica: its reads fail on their own.
    const primary = await this.primary.raw('select pg_current_wal_lsn()::text as lsn').catch(() => null)
    if (!primary) {
      this.checkedAt = Date.now()
      return
    }
    try {
      const replica = await withTimeout(
        this.replica.raw('select pg_last_wal_replay_lsn()::text as lsn'),
        PROBE_TIMEOUT_MS,
      )
      const written = parseLsn(String(primary.rows[0]?.lsn))
      const replayed = parseLsn(String(replica.rows[0]?.lsn))
      // Not a standby (no replay position): reads there would miss every write. Treated as down.
      if (replayed === null)
        throw new Error('DATABASE_READ_URL is not a streaming replica (no replay position)')
      this.replayLsn = replayed
      // An idle primary: the same position, seen later.
      const last = this.samples.at(-1)
      if (written !== null && last?.lsn === written) last.at = at
      else if (written !== null) this.samples.push({ at, lsn: written })
      if (this.samples.length > MAX_SAMPLES) this.samples.shift()
      while (this.samples.length && this.samples[0]!.lsn <= replayed)
        this.caughtUpAt = this.samples.shift()!.at
      this.checkedAt = Date.now()
      const lag = this.checkedAt - this.caughtUpAt
      this.enter(lag > this.maxLagMs ? 'lagging' : 'up', null, lag)
    } catch (err) {
      this.checkedAt = Date.now()
      this.enter('down', err)
    }
  }

  private enter(state: State, err: unknown, lagMs?: number): void {
    if (state === 'down') this.retryAt = Date.now() + RETRY_MS
    if (state === this.state) return
    const was = this.state
    this.state = state
    if (state === 'down')
      this.log.warn(
        { replica: 'down', error: err instanceof Error ? err.message : String(err), retryMs: RETRY_MS },
        'read replica unreachable: reads go to the primary',
      )
    else if (state === 'lagging')
      this.log.warn(
        { replica: 'lagging', lagMs, maxLagMs: this.maxLagMs },
        'read replica lags: reads go to the primary',
      )
    else this.log.info({ replica: 'up', was }, 'read replica in use again')
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
