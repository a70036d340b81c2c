// A developer's tool, not a benchmark: what moves and what paints largest during one page's first load
// on a phone-sized window with the CPU 4× slower (Lighthouse's mobile preset). It prints every layout
// shift with the elements that moved (from → to), and every largest-contentful-paint candidate, since
// Lighthouse 12.2's own element audits fail on this Chromium. `npx tsx tests/bench/shifts-page.ts <path>
// [email]`; the path `scan` is the owner's first tag's public page; CPU_RATE=1 loads at full speed, as
// Lighthouse does before it simulates.
import { ownerScanPath } from './frontend'
import { openPhonePage } from './phone-page'

const [asked = '/pages/dashboards/analytics', email = 'owner@demo.test'] = process.argv.slice(2)
// A string, not a function: tsx would add helpers the page does not have.
const RECORD = `
    window.__perf = []
    const describe = (n) => {
      if (!n || !n.nodeType) return '(gone)'
      if (n.nodeType === 3) n = n.parentElement
      const parts = []
      for (let e = n; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
        const role = e.getAttribute('role') || e.getAttribute('aria-label')
        parts.unshift(e.tagName.toLowerCase() + (role ? '[' + role + ']' : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').slice(0, 2).join('.') : ''))
      }
      return parts.join(' > ') + ' "' + (n.textContent || '').trim().slice(0, 40) + '"'
    }
    const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height)
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.entryType === 'layout-shift')
          window.__perf.push({ t: Math.round(e.startTime), kind: 'shift', value: e.value.toFixed(4), recent: e.hadRecentInput,
            sources: (e.sources || []).map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)) })
        else window.__perf.push({ t: Math.round(e.startTime), kind: 'lcp', size: e.size, node: describe(e.element) })
      }
    }).observe({ entryTypes: ['layout-shift', 'largest-contentful-paint'] })
`
const phone = await openPhonePage(email, RECORD, asked.startsWith('/pages'))
const pagePath = asked === 'scan' ? await ownerScanPath(phone.serverUrl) : asked
try {
  const page = phone.page
  await phone.load()
  await page.goto(pagePath)
  await page.waitForTimeout(8000)
  const entries = (await page.evaluate('window.__perf')) as Array<Record<string, unknown>>
  let total = 0
  for (const e of entries) {
    if (e.kind === 'shift') {
      total += Number(e.value)
      console.log(`${String(e.t).padStart(6)} ms  shift ${e.value}${e.recent ? ' (after input)' : ''}`)
      for (const s of e.sources as string[]) console.log(`           ${s}`)
    } else console.log(`${String(e.t).padStart(6)} ms  LCP candidate ${e.size} px²  ${e.node}`)
  }
  console.log(`--- layout shift total ${total.toFixed(4)}`)
} finally {
  await phone.close()
}
