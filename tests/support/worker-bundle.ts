// The crash tests' child processes (campaign, expiry, import and webhook workers) started from one
// bundled file instead of `node --import tsx worker.ts`: tsx compiled and loaded the server's modules one
// by one in every child, about 3 s of CPU each on this 2-core machine, and a crash test starts dozens
// of them (the campaign one 84). The bundle is made once per content (esbuild, as tsx itself uses) and
// keeps node_modules outside it, so the child runs the same code, only loaded at once.
import { type SpawnOptions, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'

const bundles = new Map<string, string>()

/** The bundled form of `entry` (a path from the project's root), written under node_modules/.cache. */
export function workerBundle(entry: string): string {
  const known = bundles.get(entry)
  if (known) return known
  const out = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  })
  const code = out.outputFiles[0]!.contents
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  // Inside the project, so that the bundle's bare imports resolve to the project's node_modules.
  const dir = path.join(process.cwd(), 'node_modules/.cache/test-workers')
  const file = path.join(dir, `${path.basename(entry, '.ts')}-${hash}.mjs`)
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true })
    // Written aside then renamed: a process starting it never reads half a file.
    const partial = `${file}.${process.pid}`
    writeFileSync(partial, code)
    renameSync(partial, file)
  }
  bundles.set(entry, file)
  return file
}

/** Starts `entry` (bundled) in a node process of its own, as `node --import tsx entry` did. */
export function spawnWorker(entry: string, options: SpawnOptions) {
  return spawn(process.execPath, [workerBundle(entry)], options)
}
