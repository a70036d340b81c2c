// `npm test`: types, lint, the front-end build, then every Vitest project (unit, machines, UI, server
// on PGlite and on PostgreSQL when DATABASE_URL is set, Storybook build, end-to-end in Chromium).
// Ends with one line "tests: N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'

const started = Date.now()
const run = (label, cmd, args) => {
  const t = Date.now()
  console.log(`\n▶ ${label}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  console.log(`  ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s`)
  return r.status === 0
}

ensureChromium()
const steps = [
  ['types', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['build', 'npm', ['run', '--silent', 'build']],
  // The front end's size budget over that build (issue 17): prints every chunk's gzipped size.
  ['bundle budget', 'node', ['tests/support/bundle-budget.mjs']],
]
for (const [label, cmd, args] of steps) {
  if (!run(label, cmd, args)) {
    console.log(`\ntests: 0 passed, 1 failed (${label} failed before the test suites ran)`)
    process.exit(1)
  }
}

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

let passed = 0
let failed = ok ? 0 : 1
let skipped = 0
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  passed = r.numPassedTests
  failed = r.numFailedTests + (ok || r.numFailedTests ? 0 : 1)
  skipped = r.numPendingTests + r.numTodoTests
}
console.log(`\nDuration ${((Date.now() - started) / 1000).toFixed(0)} s`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
