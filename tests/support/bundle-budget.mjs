// The front end's size budget (issue 17), over the last `npm run build` (dist/.vite/manifest.json):
// what a page's HTML loads before anything shows (its entry chunk and the chunks it imports statically)
// stays within ENTRY_BUDGET gzipped (the back-office, index.html) or PUBLIC_BUDGET (the customers' pages,
// public.html: a QR code's visitor), and every chunk loaded later within CHUNK_BUDGET, ECharts aside.
// Prints every figure; exits 1 when a budget is broken. Run: `node tests/support/bundle-budget.mjs`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const ENTRY_BUDGET = 150 * 1024
export const CHUNK_BUDGET = 250 * 1024
/** public.html measured 117.9 kB at its creation, React DOM being half of it. */
export const PUBLIC_BUDGET = 125 * 1024
const budgetOf = (key) => (key === 'public.html' ? PUBLIC_BUDGET : ENTRY_BUDGET)
/** Chunks outside CHUNK_BUDGET: the charts library, loaded only by the analytics page. */
const EXEMPT = [/^assets\/EChart-/]

const dist = process.argv[2] ?? 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const chunks = Object.entries(manifest).filter(([, c]) => c.file.endsWith('.js'))
const gz = new Map(
  chunks.map(([, c]) => [c.file, gzipSync(readFileSync(join(dist, c.file)), { level: 9 }).length]),
)
const kb = (n) => `${(n / 1024).toFixed(1)} kB`

/** A chunk and everything it imports statically (the browser fetches them before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const dep of manifest[key].imports ?? []) closure(dep, seen)
  return seen
}

const failures = []
console.log('Entries (entry chunk + its static imports, gzipped):')
for (const [key, chunk] of chunks.filter(([, c]) => c.isEntry)) {
  const files = [...closure(key)].map((k) => manifest[k].file)
  const total = files.reduce((sum, f) => sum + gz.get(f), 0)
  const over = total > budgetOf(key)
  console.log(`  ${over ? '✗' : '✓'} ${key}: ${kb(total)} (budget ${kb(budgetOf(key))})`)
  for (const f of files) console.log(`      ${f.padEnd(52)} ${kb(gz.get(f)).padStart(10)}`)
  if (over) failures.push(`${chunk.src ?? key} loads ${kb(total)} before its first page`)
}
console.log('Other chunks (gzipped), largest first:')
for (const [, chunk] of chunks
  .filter(([, c]) => !c.isEntry)
  .sort((a, b) => gz.get(b[1].file) - gz.get(a[1].file))) {
  const size = gz.get(chunk.file)
  const exempt = EXEMPT.some((re) => re.test(chunk.file))
  const over = !exempt && size > CHUNK_BUDGET
  console.log(`  ${over ? '✗' : exempt ? '·' : '✓'} ${chunk.file.padEnd(52)} ${kb(size).padStart(10)}`)
  if (over) failures.push(`${chunk.file} is ${kb(size)} (budget ${kb(CHUNK_BUDGET)})`)
}
if (failures.length) {
  console.error(`Bundle budget broken:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log('Bundle budget kept.')
