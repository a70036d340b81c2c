// Opens the database, applies migrations, and closes it with the server; with DATABASE_READ_URL, the
// read replica too (db/replica.ts) and the cookie that lets a user read their own writes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, openDatabase, openPostgres } from '../db/client'
import { parseLsn, READ_AFTER_COOKIE, ReadReplica, runReadingAfter } from '../db/replica'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    /** The heavy reads' database (services/bound.ts boundRead); null without DATABASE_READ_URL. */
    databaseRead: ReadReplica | null
  }
}

export type DbOptions = {
  databaseUrl: string | undefined
  dataDir: string
  database?: Database
  /** DATABASE_READ_URL and its settings: without them no replica, and no hook on any request. */
  read?: { url: string; poolSize: number; maxLagMs: number; secure: boolean }
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']
const cookiePattern = new RegExp(`(?:^|;\\s*)${READ_AFTER_COOKIE}=([^;]*)`)

export default fp(
  async (app: FastifyInstance, opts: DbOptions) => {
    // Tests may hand in an already open database shared by a whole file.
    const database = opts.database ?? (await openDatabase(opts))
    await database.migrate()
    app.decorate('database', database)
    if (!opts.database) app.addHook('onClose', async () => database.close())

    app.decorate('databaseRead', null)
    const read = opts.read
    if (!read) return
    // Its pool connects on the first read, so a replica that is down at start only sends the reads to
    // the primary. Opened once the app is ready: the log and every plugin are in.
    app.addHook('onReady', async () => {
      const replica = await openPostgres(read.url, read.poolSize)
      app.databaseRead = new ReadReplica(replica, database, read.maxLagMs, app.log)
    })
    app.addHook('onClose', async () => app.databaseRead?.close())

    app.addHook('onRequest', (request, _reply, done) => {
      runReadingAfter(parseLsn(cookiePattern.exec(request.headers.cookie ?? '')?.[1]), done)
    })
    app.addHook('onSend', (request, reply, payload, done) => {
      const replica = app.databaseRead
      if (!replica || !wroteAsUser(request, reply)) return done(null, payload)
      replica.commitLsn().then(
        (lsn) => {
          reply.header('set-cookie', readAfterCookie(lsn, read.maxLagMs, read.secure))
          done(null, payload)
        },
        // No position, no cookie: this user's next reads may miss this write for up to the lag bound.
        (err: Error) => {
          request.log.warn({ error: err.message }, 'WAL position after a write not read')
          done(null, payload)
        },
      )
    })
  },
  { name: 'db' },
)

/** A signed-in user's call that may have written (what it did is its handler's: any unsafe method). */
const wroteAsUser = (request: FastifyRequest, reply: FastifyReply) =>
  !SAFE_METHODS.includes(request.method) && reply.statusCode < 400 && !!request.principal

/**
 * The position this user's reads must have: it needs to live no longer than the lag bound, since past
 * it a replica that lags less has replayed the write anyway (and one that lags more is not read).
 */
function readAfterCookie(lsn: string, maxLagMs: number, secure: boolean): string {
  const maxAge = Math.ceil(maxLagMs / 1000) + 1
  return `${READ_AFTER_COOKIE}=${lsn}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
