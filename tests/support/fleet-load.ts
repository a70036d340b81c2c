// A steady load through the balancer for the fleet tests (rolling restart, chaos): ledger moves, each
// with its Idempotency-Key, and page reads, sent with the browser's own client (src/api/client.ts), which
// repeats a read or a keyed write after a reset or a 502/503/504 for about 3.5 s. A call that still fails
// is recorded: the tests expect none.
import { randomUUID } from 'node:crypto'
import { ApiError, call } from '../../src/api/client'

export type Load = {
  /** Moves answered 2xx, and reads. */
  readonly moves: number
  readonly reads: number
  /** What each client was told was credited in all (the sum of its answered moves). */
  readonly credited: ReadonlyMap<string, number>
  readonly failures: string[]
  /** Ends the loops after their current call, and waits for them. */
  stop(): Promise<void>
}

export async function login(url: string, email = 'owner@demo.test') {
  const session = await call<{ id: string }>(`${url}/api/users/login`, {
    method: 'POST',
    body: { email, password: 'demo-password' },
    anonymous: true,
  })
  return { authorization: `Bearer ${session.id}` }
}

export const failure = (what: string, e: unknown) =>
  `${what}: ${e instanceof ApiError ? `${e.status} ${e.code}` : String(e)}`

/**
 * `movers` loops, each crediting then debiting its own share of `clientIds` in turn (`points`, under the
 * franchise's cap), and `readers` loops reading the session and the client list.
 */
export function startLoad(o: {
  url: string
  auth: Record<string, string>
  franchiseId: string
  storeId: string
  clientIds: string[]
  points: number
  movers?: number
  readers?: number
}): Load {
  const credited = new Map(o.clientIds.map((id) => [id, 0]))
  const failures: string[] = []
  // When, since the load began: to tell which kill or restart a failure followed.
  const t0 = performance.now()
  const failed = (what: string) => (e: unknown) =>
    failures.push(`${failure(what, e)} at ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const counts = { moves: 0, reads: 0 }
  let running = true
  const mover = async (mine: string[]) => {
    for (let i = 0; running; i++) {
      const clientId = mine[i % mine.length]!
      const points = credited.get(clientId)! >= o.points ? -o.points : o.points
      await call(`${o.url}/api/v2/loyalties/points`, {
        method: 'PATCH',
        body: { userId: clientId, merchantId: o.franchiseId, storeId: o.storeId, points },
        headers: { ...o.auth, 'Idempotency-Key': randomUUID() },
      }).then(() => {
        credited.set(clientId, credited.get(clientId)! + points)
        counts.moves++
      }, failed('move'))
    }
  }
  const reader = async () => {
    while (running) {
      await call(`${o.url}/api/v2/users/me`, { headers: o.auth }).then(() => counts.reads++, failed('me'))
      await call(`${o.url}/api/v2/franchises/clients`, { headers: o.auth }).then(
        () => counts.reads++,
        failed('list'),
      )
    }
  }
  const movers = o.movers ?? 2
  const share = Math.ceil(o.clientIds.length / movers)
  const loops = [
    ...Array.from({ length: movers }, (_, i) => mover(o.clientIds.slice(i * share, (i + 1) * share))),
    ...Array.from({ length: o.readers ?? 1 }, reader),
  ]
  return {
    get moves() {
      return counts.moves
    },
    get reads() {
      return counts.reads
    },
    credited,
    failures,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}
