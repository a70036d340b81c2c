// The first screen measured by figures taken side by side in one run (issue 38 §7), not by a score that
// moves with the host: for each page, the main thread's script time from navigation to its largest
// contentful paint with the CPU slowed 4×, over that of a reference page built in the same run (React and
// wouter rendering a 20-row table from one fetch, tests/bench/reference-page), and the network round
// trips made one after another before the page's data is asked for. Lighthouse's own trace model reads
// the trace (its main-thread tasks and their groups, its LCP), so "script" means what its
// "JavaScript execution time" audit counts: evaluation plus parse and compile.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import Trace from 'lighthouse/core/gather/gatherers/trace.js'
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js'
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { build } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

/** Where the reference page is served: a folder of the static directory, so it shares the app's origin (and its token). */
export const REFERENCE_FOLDER = 'bench-reference'
export const REFERENCE_PATH = `/${REFERENCE_FOLDER}/index.html`

/** Round-trip time added to every request (Lighthouse's slow 4G): requests made in sequence stand apart. */
export const RTT_MS = 150
export const CPU_SLOWDOWN = 4

/** Builds the reference page into `<staticDir>/bench-reference`, production React as the app's build. */
export async function buildReferencePage(staticDir: string): Promise<void> {
  // Vite's build sets NODE_ENV=production in this process when unset, and the server started after it
  // would then refuse its demo settings.
  const nodeEnv = process.env.NODE_ENV
  try {
    await buildReference(staticDir)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

async function buildReference(staticDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(here, 'reference-page'),
    base: `/${REFERENCE_FOLDER}/`,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir: path.resolve(staticDir, REFERENCE_FOLDER), emptyOutDir: true },
  })
}

export type FirstScreenPage = {
  name: string
  path: string
  /** The page's data: the first request whose URL this accepts. */
  isData: (url: URL) => boolean
  /** Resolves once the page shows its data. */
  shown: (page: Page) => Promise<unknown>
}

export type FirstScreen = {
  /** Script evaluation, parse and compile on the main thread from navigation to LCP (ms, at 4× CPU). */
  scriptMs: number
  /** Every main-thread task from navigation to LCP (ms). */
  busyMs: number
  lcpMs: number
  /** Requests made one after another before the data's own (the document counts as one). */
  roundTrips: number
  /** The chain itself, for the report: each request's path, first to last. */
  chain: string[]
  /** Script ms to LCP by the file whose code ran (its hash left out), as Lighthouse attributes a task. */
  byFile: Record<string, number>
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

type Timed = { url: string; start: number; end: number }

/**
 * The longest chain of requests each sent after the previous one had its answer, ending at `last`.
 * With a round-trip time added to every request, a request that did not wait for another starts
 * beside it, not after it.
 */
export function chainBefore(requests: Timed[], last: Timed): Timed[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start)
  const best = new Map<Timed, Timed[]>()
  for (const r of sorted) {
    let longest: Timed[] = []
    for (const q of sorted) {
      if (q.end <= r.start && (best.get(q)?.length ?? 0) > longest.length) longest = best.get(q)!
    }
    best.set(r, [...longest, r])
  }
  return (best.get(last) ?? [last]).slice(0, -1)
}

/** One visit in a fresh context (an empty HTTP cache, the signed-in storage), traced. */
export async function measureFirstScreen(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  target: FirstScreenPage,
): Promise<FirstScreen & { after: StorageState }> {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1350, height: 940 } })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const requests: Timed[] = []
    page.on('requestfinished', (r) => {
      const t = r.timing()
      requests.push({ url: r.url(), start: t.startTime, end: t.startTime + t.responseEnd })
    })
    await browser.startTracing(page, { categories: Trace.getDefaultTraceCategories() })
    await page.goto(target.path)
    await target.shown(page)
    await page.waitForLoadState('networkidle')
    // A frame after the last task, so the last paint (and its LCP candidate) is in the trace.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))))
    const raw = await browser.stopTracing()
    const trace = JSON.parse(String(raw))
    const data = requests.filter((r) => target.isData(new URL(r.url))).sort((a, b) => a.start - b.start)[0]
    if (!data) throw new Error(`${target.path}: no data request was made`)
    const chain = chainBefore(requests, data)
    let times: ReturnType<typeof mainThread>
    try {
      times = mainThread(trace)
    } catch (error) {
      const kept = path.join(os.tmpdir(), `first-screen-${Date.now()}.json`)
      writeFileSync(kept, raw)
      throw new Error(`${target.path}: ${(error as Error).message} (the trace: ${kept})`)
    }
    return {
      ...times,
      roundTrips: chain.length,
      chain: chain.map((r) => new URL(r.url).pathname),
      after: await context.storageState(),
    }
  } finally {
    await context.close()
  }
}

const SCRIPT_GROUPS = new Set(['scriptEvaluation', 'scriptParseCompile'])

const fileOf = (urls: string[]) => {
  const url = urls.find((u) => /\.m?js(\?|$)/.test(u)) ?? urls[0]
  if (!url) return '(unattributed)'
  return new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.js$/, '.js')
}

/** Script and busy time on the main thread up to LCP, from Lighthouse's task model of the trace. */
function mainThread(trace: {
  traceEvents: unknown[]
}): Pick<FirstScreen, 'scriptMs' | 'busyMs' | 'lcpMs' | 'byFile'> {
  // From the document's request: Chromium does not always trace the navigationStart of a page opened in
  // a new renderer (a first visit to the clients list lost it once in three).
  const processed = TraceProcessor.processTrace(trace as never, {
    timeOriginDeterminationMethod: 'firstResourceSendRequest',
  })
  const lcpMs = TraceProcessor.processNavigation(processed).timings.largestContentfulPaint
  if (lcpMs === undefined) throw new Error('the trace has no largest contentful paint')
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  )
  let scriptMs = 0
  let busyMs = 0
  const byFile: Record<string, number> = {}
  for (const task of tasks) {
    if (task.startTime >= lcpMs || task.endTime <= 0) continue
    // A task that runs past LCP counts up to it.
    const inside = Math.min(task.endTime, lcpMs) - Math.max(task.startTime, 0)
    if (SCRIPT_GROUPS.has(task.group.id)) {
      const ms = Math.min(task.selfTime, inside)
      scriptMs += ms
      const file = fileOf(task.attributableURLs)
      byFile[file] = (byFile[file] ?? 0) + ms
    }
    if (!task.parent) busyMs += inside
  }
  return { scriptMs, busyMs, lcpMs, byFile }
}

const clientsCall = (u: URL) => /^\/api\/v2\/(franchises|stores\/[^/]+)\/clients$/.test(u.pathname)

/** The reference, then the two pages §7 names, with what each one's data is. */
export const FIRST_SCREEN_PAGES: FirstScreenPage[] = [
  {
    name: 'reference (React + wouter, a 20-row table from one fetch)',
    path: REFERENCE_PATH,
    isData: clientsCall,
    shown: (page) => page.getByRole('cell').first().waitFor(),
  },
  {
    name: 'client list',
    path: '/pages/user/clients',
    isData: clientsCall,
    // Loaded rows link to their client (the loading skeleton has no links).
    shown: (page) => page.locator('table tbody tr:has(a)').first().waitFor(),
  },
  {
    name: 'analytics',
    path: '/pages/dashboards/analytics',
    isData: (u) => u.pathname.includes('/analytics/') || u.pathname.endsWith('/roi'),
    shown: (page) =>
      page.getByRole('region', { name: 'Visits per day' }).locator('[data-chart] svg').waitFor(),
  },
]

/** A page's visits: the first on this browser (signed in, nothing remembered) and the next one. */
export type FirstScreenResult = { page: FirstScreenPage; first: FirstScreen[]; next: FirstScreen[] }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/**
 * `runs` rounds, the pages taking turns (the host's speed drifts), after one thrown away: each page
 * opened signed in on a browser that never opened it, then again with what that visit left in storage
 * (a merchant's next morning: the page's first reads are remembered, src/api/early.ts).
 */
export async function runFirstScreen(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  runs: number,
  log: (m: string) => void,
): Promise<FirstScreenResult[]> {
  const results = FIRST_SCREEN_PAGES.map((page) => ({
    page,
    first: [] as FirstScreen[],
    next: [] as FirstScreen[],
  }))
  const show = (m: FirstScreen) =>
    `script ${m.scriptMs.toFixed(0)} ms, busy ${m.busyMs.toFixed(0)} ms, LCP ${m.lcpMs.toFixed(0)} ms, ${m.roundTrips} round trips before its data`
  // Chromium's trace sometimes lacks a page's first paint or navigation event: that visit is made again.
  const visit = async (state: StorageState, page: FirstScreenPage, attempt = 1) => {
    try {
      return await measureFirstScreen(browser, baseURL, state, page)
    } catch (error) {
      if (attempt >= 3) throw error
      log(`${(error as Error).message}: visiting again`)
      return visit(state, page, attempt + 1)
    }
  }
  for (let i = -1; i < runs; i++) {
    for (const r of results) {
      const { after, ...first } = await visit(storageState, r.page)
      const { after: _, ...next } = await visit(after, r.page)
      log(
        `${r.page.name} ${i < 0 ? 'warm-up' : `run ${i + 1}/${runs}`}: first visit ${show(first)}; next visit ${show(next)}`,
      )
      if (i >= 0) {
        r.first.push(first)
        r.next.push(next)
      }
    }
  }
  return results
}

/** The section's table: medians, each page's script time over the reference's, and the targets. */
export function firstScreenReport(results: FirstScreenResult[]): string[] {
  const [reference, ...pages] = results
  const refScript = median([...reference!.first, ...reference!.next].map((r) => r.scriptMs))
  const trips = (runs: FirstScreen[]) => {
    const n = median(runs.map((r) => r.roundTrips))
    return `${n} (${runs.find((r) => r.roundTrips === n)!.chain.join(' → ')})`
  }
  const row = (name: string, runs: FirstScreen[]) => {
    const script = median(runs.map((r) => r.scriptMs))
    return `| ${name} | ${script.toFixed(0)} | ${(script / refScript).toFixed(2)} | ${median(runs.map((r) => r.busyMs)).toFixed(0)} | ${median(runs.map((r) => r.lcpMs)).toFixed(0)} | ${trips(runs)} | ${runs.map((r) => r.scriptMs.toFixed(0)).join(', ')} |`
  }
  const missed = pages.flatMap(({ page, next }) => {
    const ratio = median(next.map((r) => r.scriptMs)) / refScript
    const n = median(next.map((r) => r.roundTrips))
    return [
      ...(ratio > 2 ? [`${page.name} script ${ratio.toFixed(2)}× the reference`] : []),
      ...(n > 2 ? [`${page.name} ${n} round trips`] : []),
    ]
  })
  const topFiles = ({ page, next }: FirstScreenResult) => {
    const run = [...next].sort((a, b) => a.scriptMs - b.scriptMs)[Math.floor(next.length / 2)]!
    const files = Object.entries(run.byFile)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([file, ms]) => `${file} ${ms.toFixed(0)}`)
    return `- ${page.name}: ${files.join(' · ')}`
  }
  return [
    `${reference!.first.length} rounds, the pages taking turns; in each, every page opened in a fresh browser context (an`,
    'empty HTTP cache) signed in as owner@demo.test, first with nothing else in storage ("first visit"),',
    'then with what that visit left there ("next visit": the reads the page made first are remembered',
    `and sent with the session's call, src/api/early.ts). CPU slowed ${CPU_SLOWDOWN}× and ${RTT_MS} ms added to every`,
    "request's round trip (DevTools throttling), Chromium at 1350×940; medians. Script: the main",
    "thread's script evaluation, parse and compile from navigation to the largest contentful paint, as",
    "Lighthouse's trace model groups its tasks; busy: every main-thread task in that time; ÷ reference:",
    "over the reference page's script time (all its visits). Round trips: the longest chain of requests",
    "each sent after the last one's answer, up to the page's data request (the document counts as one).",
    '',
    '| page, visit | script ms | ÷ reference | busy ms | LCP ms | round trips before the data | script ms, every run |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...results.flatMap(({ page, first, next }) => [
      row(`${page.name} (\`${page.path}\`), first visit`, first),
      row(`${page.name}, next visit`, next),
    ]),
    '',
    `Targets (issue 38 §7), on the next visit: script ≤ 2× the reference's, ≤ 2 round trips before the data: ${
      missed.length ? `not met (${missed.join('; ')})` : 'met'
    }.`,
    '',
    'Where the script time goes, next visit (the run with the median script time; ms by the file whose',
    'code ran, largest first):',
    '',
    ...results.map(topFiles),
  ]
}
