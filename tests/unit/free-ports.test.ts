// The fleet's ports (src/server/fleet/fleet.ts freePorts): a balancer and its processes each get a port
// of their own. Taken one at a time, the kernel handed a chaos run's balancer its first web process's
// port, and HAProxy could not bind it.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePorts } from '../../src/server/fleet/fleet'

describe('freePorts', () => {
  it('gives as many different ports as asked, each free to listen on afterwards', async () => {
    const ports = await freePorts(64)
    expect(new Set(ports).size).toBe(64)
    const listening = await Promise.all(
      ports.slice(0, 8).map(
        (port) =>
          new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
            const s = createServer().listen(port, '127.0.0.1', () => resolve(s))
            s.on('error', reject)
          }),
      ),
    )
    await Promise.all(listening.map((s) => new Promise((resolve) => s.close(resolve))))
  })
})
