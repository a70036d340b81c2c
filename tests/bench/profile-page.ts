// A developer's tool, not a benchmark: a V8 CPU profile of one page's first load with the CPU slowed
// 4× (Lighthouse's mobile preset) on a phone-sized window: its busy stretches over 50 ms (the long
// tasks) with what ran in them, the time per function, and React's commits with the renders of each
// component, to see what the main thread spends its time on. `npx tsx tests/bench/profile-page.ts <path> [email]`
// against a build made with `npx vite build --minify false` so the names are readable.
import path from 'node:path'
import { openPhonePage } from './phone-page'

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const [pagePath = '/pages/dashboards/analytics', email = 'owner@demo.test'] = process.argv.slice(2)
// A minimal React DevTools hook: counts the commits and, per component, the renders that did work
// (PerformedWork flag), so a page that renders everything again on each answer shows it.
// A string, not a function: tsx would add helpers the page does not have.
const REACT_HOOK = `
    const counts = {}
    let commits = 0
    const name = (f) => {
      const t = f.type
      return typeof t === 'function' ? t.displayName || t.name : t && (t.displayName || (t.render && t.render.name) || (t.type && t.type.name))
    }
    // A fiber rendered in a commit when it is a new object in the committed tree (not the one kept
    // from the previous commit) and its component ran (PerformedWork); flags alone stay from old work.
    let before = new WeakSet()
    const walk = (f, now) => {
      for (let c = f; c; c = c.sibling) {
        now.add(c)
        if (typeof c.type !== 'string' && !before.has(c) && (c.flags & 1) === 1) {
          const n = name(c)
          if (n) counts[n] = (counts[n] || 0) + 1
        }
        if (c.child) walk(c.child, now)
      }
    }
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true, renderers: new Map(), inject: () => 1,
      onCommitFiberRoot: (_id, root) => { commits++; const now = new WeakSet(); walk(root.current.child, now); before = now },
      onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {}, checkDCE: () => {},
    }
    window.__renders = () => ({ commits, counts })
`
const phone = await openPhonePage(email, REACT_HOOK, pagePath.startsWith('/pages'))
try {
  const page = phone.page
  const cdp = await phone.load()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(pagePath)
  await page.waitForTimeout(8000)
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  const renders = (await page.evaluate('window.__renders()')) as {
    commits: number
    counts: Record<string, number>
  }
  console.log(`--- React commits: ${renders.commits}; renders by component`)
  console.log(
    Object.entries(renders.counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 400)
      .map(([k, v]) => `${String(v).padStart(6)}  ${k}`)
      .join('\n'),
  )
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000
    const f = byId.get(profile.samples[i]!)!.callFrame
    const key = `${f.functionName || '(anon)'} ${path.basename(f.url)}:${f.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + dt)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`)
  // Busy stretches (no idle sample between them) longer than 50 ms: the long tasks, with what they ran.
  let t = 0
  let start = -1
  let fns = new Map<string, number>()
  const stretches: string[] = []
  let busyTotal = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000
    t += dt
    const f = byId.get(profile.samples[i]!)!.callFrame
    const idle = f.functionName === '(idle)'
    if (!idle) {
      busyTotal += dt
      if (start < 0) start = t
      const key = `${f.functionName || '(anon)'} ${path.basename(f.url)}`
      fns.set(key, (fns.get(key) ?? 0) + dt)
    }
    if (idle && start >= 0) {
      const len = t - start
      if (len > 50) {
        const top = [...fns]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        stretches.push(
          `${start.toFixed(0).padStart(6)} +${len.toFixed(0).padStart(4)} ms  ${top.join(' | ')}`,
        )
      }
      start = -1
      fns = new Map()
    }
  }
  console.log(`--- busy ${busyTotal.toFixed(0)} ms; stretches over 50 ms:`)
  console.log(stretches.join('\n'))
  console.log('--- self time')
  console.log(top(self, 40).join('\n'))
} finally {
  await phone.close()
}
