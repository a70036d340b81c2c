// `npm test`: types, lint, the front-end build, then every Vitest project (unit, machines, UI, server
// on PGlite and on PostgreSQL when DATABASE_URL is set, Storybook build, end-to-end in Chromium).
// Ends with one line "tests: N passed, N failed" that CI reads.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'

const started = Date.now()
const seconds = (t) => ((Date.now() - t) / 1000).toFixed(1)
const run = (label, cmd, args) => {
  const t = Date.now()
  console.log(`\n▶ ${label}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  console.log(`  ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${seconds(t)} s`)
  return r.status === 0
}
/** Runs a step with its output held back and printed whole when it ends (steps run side by side). */
const runQuietly = (label, cmd, args) =>
  new Promise((resolve) => {
    const t = Date.now()
    const child = spawn(cmd, args, { env: process.env })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => {
      console.log(`\n▶ ${label}\n${out.trimEnd()}`)
      console.log(`  ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(t)} s`)
      resolve(code === 0 ? null : label)
    })
  })
const stop = (label) => {
  console.log(`\ntests: 0 passed, 1 failed (${label} failed before the test suites ran)`)
  process.exit(1)
}

ensureChromium()
// The generated style system first (the type check and the build both read it), then the type
// check, lint and front-end build side by side: they share nothing. The type check goes on beside the
// test suites once lint and build are done; its result is counted at the end. It is TypeScript 7's
// native compiler (package `typescript7`), on one thread: 12 s of CPU where TypeScript 5.9's took
// 48 s on the same tree (issue 36 §6). TypeScript 5.9 stays the project's `typescript`: Storybook's
// docgen and Panda read its JavaScript API, which 7 does not have.
if (!run('codegen', 'npx', ['panda', 'codegen', '--silent'])) stop('codegen')
const types = runQuietly('types', process.execPath, [
  'node_modules/typescript7/bin/tsc',
  '--noEmit',
  '--singleThreaded',
])
const failures = (
  await Promise.all([
    runQuietly('lint', 'npm', ['run', '--silent', 'lint']),
    runQuietly('build', 'npx', ['vite', 'build']),
  ])
).filter(Boolean)
if (failures.length) stop(failures.join(', '))
// The front end's size budget over that build (issue 17): prints every chunk's gzipped size.
if (!run('bundle budget', 'node', ['tests/support/bundle-budget.mjs'])) stop('bundle budget')

const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json')
const extra = process.argv.slice(2)
const ok = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
])

/**
 * Each project's share of the run (issue 36 §6): its wall time (first file's start to last file's end)
 * and the sum of its files' times, with its three slowest files: where the suite's minutes go.
 */
function printProjectTimes(files) {
  const projects = new Map()
  for (const f of files) {
    const project = path.relative(process.cwd(), f.name).split(path.sep)[1] ?? '?'
    const p = projects.get(project) ?? { start: Infinity, end: 0, sum: 0, files: [] }
    p.start = Math.min(p.start, f.startTime)
    p.end = Math.max(p.end, f.endTime)
    p.sum += f.endTime - f.startTime
    p.files.push([f.endTime - f.startTime, path.basename(f.name)])
    projects.set(project, p)
  }
  console.log('\nProject times (wall, sum of files; slowest files):')
  for (const [name, p] of [...projects].sort((a, b) => a[1].start - b[1].start)) {
    const slowest = p.files
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3)
      .map(([ms, file]) => `${file} ${(ms / 1000).toFixed(0)} s`)
    console.log(
      `  ${name}: ${((p.end - p.start) / 1000).toFixed(0)} s wall, ${(p.sum / 1000).toFixed(0)} s in ${p.files.length} files (${slowest.join(', ')})`,
    )
  }
}

const typesFailed = (await types) !== null
let passed = 0
let failed = ok && !typesFailed ? 0 : 1
let skipped = 0
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  passed = r.numPassedTests
  failed = r.numFailedTests + (ok || r.numFailedTests ? 0 : 1) + (typesFailed ? 1 : 0)
  skipped = r.numPendingTests + r.numTodoTests
  printProjectTimes(r.testResults ?? [])
}
console.log(`\nDuration ${((Date.now() - started) / 1000).toFixed(0)} s`)
if (typesFailed) console.log('The type check failed (its output is above).')
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok && !typesFailed ? 0 : 1)
