// The production server as a separate process on a free port, with a fresh PGlite directory and the
// demo data: the e2e global setup and the front-end benchmark both run against it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../src/server/fleet/fleet'
import { serverCommand } from './worker-bundle'

export { freePort }

// Generous: migrating and seeding PGlite takes minutes on a loaded 2-core machine.
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become healthy in time')
}

/** `npm run build`, always (`force`) or only when the static directory has no build yet. */
export function buildFrontEnd(force = false) {
  // STATIC_DIR: a build of its own (several builds may run side by side).
  if (!force && existsSync(path.join(process.env.STATIC_DIR || 'dist', 'index.html'))) return
  // NODE_ENV=production: vitest sets it to `test`, and Vite then builds React's development bundle, whose
  // StrictMode mounts each page twice (a sign-up link was spent by the first mount's confirm call).
  const r = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) throw new Error('front-end build failed')
}

export type ProductionServer = { url: string; pid: number; stop(): Promise<void> }

/**
 * `env` and `nodeArgs` (e.g. a controlled clock, tests/support/controlled-clock.mjs) add to the defaults;
 * `prepare` fills the server's data directory before it starts (e.g. with a seeded database).
 */
export async function startProductionServer(
  options: {
    env?: Record<string, string>
    nodeArgs?: string[]
    healthTimeoutMs?: number
    prepare?: (dataDir: string) => Promise<void>
  } = {},
): Promise<ProductionServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'))
  await options.prepare?.(dataDir)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const output: string[] = []
  // Bundled, as the fleet tests' servers are (worker-bundle.ts): half the CPU of a start from tsx.
  const args = [...(options.nodeArgs ?? []), ...(await serverCommand())]
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The webhooks e2e points an endpoint at a receiver of its own on 127.0.0.1.
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'on',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => output.push(String(d)))
  child.stderr?.on('data', (d) => output.push(String(d)))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url, child, options.healthTimeoutMs)
  } catch (error) {
    console.error(output.join(''))
    await stop()
    throw error
  }
  return { url, pid: child.pid!, stop }
}
