// `npm run bench -- frontend`: Lighthouse (the mobile preset: its default config, simulated slow 4G
// and a 4× slower CPU) on the production build served with the embedded database and the demo data,
// for the login page, the analytics page and the client list as a signed-in owner, and the public
// scan page; plus the size of every built chunk, raw and gzipped. Chromium is the e2e one, launched
// with a debugging port: Playwright signs in on it and Lighthouse audits through the same port, in the
// same profile, so the token the app keeps in local storage is there (disableStorageReset).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/browser'
import { buildFrontEnd, freePort, startProductionServer } from '../support/production-server'
import { signIn } from '../support/sign-in'
import { buildReferencePage, firstScreenReport, REFERENCE_FOLDER, runFirstScreen } from './first-screen'
import { publicPages } from './public-pages'
import { log, today, writeSection } from './support'

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
type Category = (typeof CATEGORIES)[number]
/** The customers' pages are audited as phones see them, the back office as a desktop does (issue 38 §7). */
type Preset = 'mobile' | 'desktop'
const TARGETS: Record<Preset, Record<Category, number>> = {
  mobile: { performance: 90, accessibility: 95, 'best-practices': 95 },
  desktop: { performance: 95, accessibility: 95, 'best-practices': 95 },
}
/** Lighthouse's performance score moves from run to run: the median run of this many is kept. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3
const OWNER = 'owner@demo.test'

type Scores = Record<Category, number>
type PageResult = { name: string; path: string; preset: Preset; median: Run; runs: number[] }

export async function ownerScanPath(baseURL: string): Promise<string> {
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${baseURL}${url}`, init)
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    return res.json()
  }
  const { id: token } = await call('/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER, password: 'demo-password' }),
  })
  const auth = { headers: { authorization: `Bearer ${token}` } }
  const [franchise] = await call('/api/v2/franchises/owned', auth)
  const tags = await call(`/api/v2/franchises/${franchise.id}/tags`, auth)
  return `/scan/${encodeURIComponent(tags.data[0].tagId)}`
}

/** The browser Lighthouse drives, and how to empty its HTTP cache. */
type Browser = { port: number; clearCache: () => Promise<void> }
/** benchmarkIndex: Lighthouse's own measure of the host's CPU, which its simulated 4× slowdown multiplies. */
type Run = { scores: Scores; fcp: number; lcp: number; tbt: number; benchmarkIndex: number }

/**
 * One audit from an empty HTTP cache, as a first visit: disableStorageReset (which keeps the signed-in
 * token) also keeps the cache, so it is emptied through the DevTools protocol first.
 */
async function audit(url: string, browser: Browser, preset: Preset, attempt = 1): Promise<Run> {
  await browser.clearCache()
  const result = await lighthouse(
    url,
    {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  // BENCH_LIGHTHOUSE_DIR keeps every report, to read its trace and diagnostics afterwards.
  const keep = process.env.BENCH_LIGHTHOUSE_DIR
  if (keep) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`
    writeFileSync(path.join(keep, name), String(result.report))
  }
  const { categories, runtimeError, audits, finalDisplayedUrl, environment } = result.lhr
  if (runtimeError) {
    // A lost trace (NO_NAVSTART, NO_FCP on a busy machine) says nothing about the page: run again.
    if (attempt < 3) {
      log(`${url}: ${runtimeError.code}, running again`)
      return audit(url, browser, preset, attempt + 1)
    }
    throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`)
  }
  // A signed-in page sent back to the login page would be measuring the wrong page.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${finalDisplayedUrl}`)
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    ) as Scores,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    benchmarkIndex: environment.benchmarkIndex,
  }
}

async function measure(
  name: string,
  pagePath: string,
  baseURL: string,
  browser: Browser,
  preset: Preset,
): Promise<PageResult> {
  const all: Run[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await audit(`${baseURL}${pagePath}`, browser, preset)
    log(
      `${name} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}, benchmarkIndex ${Math.round(run.benchmarkIndex)}`,
    )
    all.push(run)
  }
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance)
  return {
    name,
    path: pagePath,
    preset,
    median: sorted[Math.floor(sorted.length / 2)]!,
    runs: all.map((r) => r.scores.performance),
  }
}

type Chunk = { file: string; bytes: number; gzip: number }

function chunks(dir = path.join(process.env.STATIC_DIR || 'dist', 'assets')): Chunk[] {
  return readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => {
      const data = readFileSync(path.join(dir, file))
      return { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length }
    })
    .sort((a, b) => b.gzip - a.gzip)
}

const kb = (n: number) => (n / 1024).toFixed(1)

/**
 * `npm run bench -- first-screen` (issue 38 §7): the app's build and the reference page's, one server,
 * the client list and the analytics page against the reference in one run (tests/bench/first-screen.ts).
 */
export async function firstScreenBench(): Promise<void> {
  log('building the front end and the reference page')
  buildFrontEnd(true)
  const staticDir = process.env.STATIC_DIR || 'dist'
  await buildReferencePage(staticDir)
  const server = await startProductionServer()
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    page.setDefaultTimeout(60_000)
    await signIn(page, OWNER)
    await page.waitForURL('**/pages/dashboards/analytics')
    const storageState = await context.storageState()
    await context.close()
    const results = await runFirstScreen(browser, server.url, storageState, RUNS_FIRST_SCREEN, log)
    const body = [
      '## First screen — `npm run bench -- first-screen`',
      '',
      `${today()} · ${machineLine(browser.version())}`,
      '',
      ...firstScreenReport(results),
    ].join('\n')
    console.log(body)
    writeSection('first-screen', body)
  } finally {
    await browser.close()
    await server.stop()
    rmSync(path.join(staticDir, REFERENCE_FOLDER), { recursive: true, force: true })
  }
}

const RUNS_FIRST_SCREEN = Number(process.env.BENCH_FIRST_SCREEN_RUNS) || 7

const machineLine = (browserVersion: string) =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}; Node ${process.version}; ${browserVersion}`

export async function frontendBench(): Promise<void> {
  log('building the front end')
  buildFrontEnd(true)
  const server = await startProductionServer()
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'))
  const port = await freePort()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    baseURL: server.url,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  })
  const results: PageResult[] = []
  let browserVersion = 'Chromium'
  try {
    const about = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()
    browserVersion = String(about.Browser ?? browserVersion)
    const customerPages = await publicPages(server.url, OWNER)
    const blank = await context.newPage()
    const cdp = await context.newCDPSession(blank)
    const lighthouseBrowser: Browser = {
      port,
      clearCache: async () => {
        await cdp.send('Network.clearBrowserCache')
      },
    }
    // One run thrown away: the first audit of a fresh browser also measures the browser starting up.
    await audit(`${server.url}/login`, lighthouseBrowser, 'mobile')
    // Signed out first: the customers' pages as a phone opens them, then the login page.
    for (const p of customerPages)
      results.push(await measure(`${p.name} (public)`, p.path, server.url, lighthouseBrowser, 'mobile'))
    results.push(await measure('login', '/login', server.url, lighthouseBrowser, 'desktop'))
    const page = await context.newPage()
    page.setDefaultTimeout(60_000)
    await signIn(page, OWNER)
    await page.waitForURL('**/pages/dashboards/analytics')
    await page.close()
    for (const [name, p] of [
      ['analytics (owner)', '/pages/dashboards/analytics'],
      ['client list (owner)', '/pages/user/clients'],
    ] as const)
      results.push(await measure(name, p, server.url, lighthouseBrowser, 'desktop'))
  } finally {
    await context.close()
    await server.stop()
    rmSync(profile, { recursive: true, force: true })
  }
  report(results, chunks(), browserVersion)
}

function report(results: PageResult[], built: Chunk[], browserVersion: string) {
  const machine = machineLine(browserVersion)
  const missed = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.median.scores[c] < TARGETS[r.preset][c]).map(
      (c) => `${r.name} ${c} ${r.median.scores[c]}`,
    ),
  )
  const js = built.filter((c) => c.file.endsWith('.js'))
  const lines = [
    '## Front end — `npm run bench -- frontend`',
    '',
    `${today()} · ${machine}`,
    '',
    'Lighthouse 12.2.3 on the production build served by the API server with the embedded database',
    "(PGlite) and the demo data: the customers' public pages with its mobile preset (simulated slow 4G,",
    '4× CPU slowdown), the back office with its desktop preset (no CPU slowdown, a fast connection).',
    `Each page audited ${RUNS} times in a row, each from an empty HTTP cache (a first visit); the table`,
    'shows the run with the median performance score (every run in the last column). Signed-in pages:',
    "owner@demo.test. benchmarkIndex is Lighthouse's measure of the host's CPU in that run (higher is",
    "faster): the 4× slowdown multiplies the host's own speed, so scores taken at different indexes do",
    'not compare (the same build scored 15–30 points lower on a slower day of this machine kind).',
    '',
    '| page | preset | performance | accessibility | best practices | FCP s | LCP s | TBT ms | benchmarkIndex | performance, every run |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results
      .map(({ name, path: p, preset, median: m, runs }) =>
        [
          `${name} (\`${p.replace(/^\/(scan|e|game|coupon)\/.+$/, '/$1/…')}\`)`,
          preset,
          m.scores.performance,
          m.scores.accessibility,
          m.scores['best-practices'],
          (m.fcp / 1000).toFixed(1),
          (m.lcp / 1000).toFixed(1),
          Math.round(m.tbt),
          Math.round(m.benchmarkIndex),
          runs.join(', '),
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
    '',
    `Targets: performance ≥ ${TARGETS.mobile.performance} (mobile) and ≥ ${TARGETS.desktop.performance} (desktop), accessibility ≥ ${TARGETS.desktop.accessibility}, best practices ≥ ${TARGETS.desktop['best-practices']}: ${
      missed.length ? `not met (${missed.join('; ')})` : 'met'
    }.`,
    '',
    `Built chunks (\`dist/assets\`, gzip level 9); JavaScript total ${kb(js.reduce((s, c) => s + c.bytes, 0))} KiB, ${kb(js.reduce((s, c) => s + c.gzip, 0))} KiB gzipped:`,
    '',
    '| chunk | KiB | KiB gzip |',
    '| --- | ---: | ---: |',
    ...built.map((c) => `| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzip)} |`),
  ]
  const body = lines.join('\n')
  console.log(body)
  writeSection('frontend', body)
}
