// Routes call services without holding the database or an adapter (issue 36 §4): `bound(app, module)`
// gives the module's functions with their first argument, the app's database, filled in, and
// `bound(app, module, (a) => a.mail)` fills in the adapter that follows it too. The database is read at
// each call (app.database is decorated as the app starts), and each app binds its own, so one process can
// hold many apps (the tests do). Jobs and scripts keep calling the services with their database.
import type { FastifyInstance } from 'fastify'
import type { Database, Db } from '../db/client'

type Adapters = FastifyInstance['adapters']

// biome-ignore lint/suspicious/noExplicitAny: a function of any arguments, as a module exports them
type Fn = (...args: any[]) => any
type Rest<F, P extends unknown[]> = F extends (...args: [...P, ...infer R]) => infer O
  ? (...args: R) => O
  : never

/** The module's functions that take `P` first, without those arguments. */
export type Bound<M, P extends unknown[]> = {
  // biome-ignore lint/suspicious/noExplicitAny: any further arguments
  [K in keyof M as M[K] extends (...args: [...P, ...any[]]) => any ? K : never]: Rest<M[K], P>
}

/** The module's functions, each called through `invoke` with the arguments it was given. */
function bindEach<M extends object>(module: M, invoke: (fn: Fn, args: unknown[]) => unknown): unknown {
  const cache = new Map<PropertyKey, Fn>()
  // A plain target: a module namespace's own properties would bind the proxy's answers to theirs.
  return new Proxy(
    {},
    {
      get(_, key) {
        const fn = (module as Record<PropertyKey, unknown>)[key]
        if (typeof fn !== 'function') return undefined
        let wrapped = cache.get(key)
        if (!wrapped) {
          wrapped = (...args: unknown[]) => invoke(fn as Fn, args)
          cache.set(key, wrapped)
        }
        return wrapped
      },
    },
  )
}

const bindFirst = <M extends object>(module: M, first: () => unknown[]) =>
  bindEach(module, (fn, args) => fn(...first(), ...args))

export function bound<M extends object>(app: FastifyInstance, module: M): Bound<M, [Db]>
export function bound<M extends object, A>(
  app: FastifyInstance,
  module: M,
  adapter: (adapters: Adapters) => A,
): Bound<M, [Db, A]>
export function bound<M extends object, A>(
  app: FastifyInstance,
  module: M,
  adapter?: (adapters: Adapters) => A,
): unknown {
  return bindFirst(module, () => (adapter ? [app.database.db, adapter(app.adapters)] : [app.database.db]))
}

/**
 * The module's read-only functions, on the read replica when there is one (DATABASE_READ_URL,
 * db/replica.ts: a user's own recent writes, a lagging or unreachable replica send the call to the
 * primary), else on the database. For the heavy reads only: lists, figures, exports, counts. A call the
 * replica fails on as a hot standby (it writes, or replay cancelled it) is made again on the primary,
 * so the functions must not have written before they fail.
 */
export function boundRead<M extends object>(app: FastifyInstance, module: M): Bound<M, [Db]> {
  return bindEach(module, (fn, args) => {
    const replica = app.databaseRead
    return replica ? replica.read((db) => fn(db, ...args)) : fn(app.database.db, ...args)
  }) as Bound<M, [Db]>
}

/** The module's functions that take the adapter first (no database): files in storage, a location. */
export function boundAdapter<M extends object, A>(
  app: FastifyInstance,
  module: M,
  adapter: (adapters: Adapters) => A,
): Bound<M, [A]> {
  return bindFirst(module, () => [adapter(app.adapters)]) as Bound<M, [A]>
}

/** The module's functions that take the whole database handle first (its kind, plain SQL): health. */
export function boundDatabase<M extends object>(app: FastifyInstance, module: M): Bound<M, [Database]> {
  return bindFirst(module, () => [app.database]) as Bound<M, [Database]>
}
