// The ledger benchmark's fallback load generator, in Node (node:http with a keep-alive agent), used
// when wrk is not installed. Same mix and result shape as ledger-wrk.ts; it takes more of the
// machine than wrk does, which lowers the figure it measures.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { WrkLoad, WrkResult } from './ledger-wrk'
import { stats } from './support'

export async function runNodeLoad(load: WrkLoad): Promise<WrkResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections })
  const { hostname, port } = new URL(load.base)
  const send = (path: string, method: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const data = JSON.stringify(body)
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method,
          agent,
          headers: {
            authorization: `Bearer ${load.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(data),
            'idempotency-key': `${load.runId}-${randomUUID()}`,
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.end(data)
    })
  const one = () => {
    const r = Math.random()
    const pool = Math.random() < load.hotShare ? load.hotClients : load.clientIds.length
    const userId = load.clientIds[Math.floor(Math.random() * pool)]!
    return r < 0.75
      ? send('/api/v2/loyalties/points', 'PATCH', {
          userId,
          merchantId: load.franchiseId,
          storeId: load.storeId,
          points: r < 0.5 ? 30 : -10,
        })
      : send(`/api/v2/loyalties/offers/${load.offerId}/redeem`, 'POST', { userId, storeId: load.storeId })
  }
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let errors = 0
  const started = Date.now()
  const deadline = started + load.seconds * 1000
  const caller = async () => {
    while (Date.now() < deadline) {
      const t = process.hrtime.bigint()
      try {
        const status = await one()
        statuses[status] = (statuses[status] ?? 0) + 1
      } catch {
        errors++
      }
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
  }
  await Promise.all(Array.from({ length: load.connections }, caller))
  agent.destroy()
  const lat = stats(latencies)
  return {
    requests: latencies.length,
    seconds: (Date.now() - started) / 1000,
    statuses,
    p50: lat.p50,
    p90: lat.p95,
    p99: lat.p99,
    errors,
  }
}
