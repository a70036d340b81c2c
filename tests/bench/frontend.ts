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
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/browser'
import { buildFrontEnd, freePort, startProductionServer } from '../support/production-server'
import { signIn } from '../support/sign-in'
import { log, today, writeSection } from './support'

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
type Category = (typeof CATEGORIES)[number]
const TARGETS: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95 }
/** Lighthouse's performance score moves from run to run: the median run of this many is kept. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3
const OWNER = 'owner@demo.test'

type Scores = Record<Category, number>
type PageResult = { name: string; path: string; median: Run; runs: number[] }

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
async function audit(url: string, browser: Browser, attempt = 1): Promise<Run> {
  await browser.clearCache()
  const result = await lighthouse(url, {
    port: browser.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  })
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
      return audit(url, browser, attempt + 1)
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
): Promise<PageResult> {
  const all: Run[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await audit(`${baseURL}${pagePath}`, browser)
    log(
      `${name} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}, benchmarkIndex ${Math.round(run.benchmarkIndex)}`,
    )
    all.push(run)
  }
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance)
  return {
    name,
    path: pagePath,
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
    const scanPath = await ownerScanPath(server.url)
    const blank = await context.newPage()
    const cdp = await context.newCDPSession(blank)
    const lighthouseBrowser: Browser = {
      port,
      clearCache: async () => {
        await cdp.send('Network.clearBrowserCache')
      },
    }
    // One run thrown away: the first audit of a fresh browser also measures the browser starting up.
    await audit(`${server.url}/login`, lighthouseBrowser)
    // Signed out first: the login page, and the scan page as a customer opens it.
    results.push(await measure('login', '/login', server.url, lighthouseBrowser))
    results.push(await measure('scan page (public)', scanPath, server.url, lighthouseBrowser))
    const page = await context.newPage()
    page.setDefaultTimeout(60_000)
    await signIn(page, OWNER)
    await page.waitForURL('**/pages/dashboards/analytics')
    await page.close()
    results.push(
      await measure('analytics (owner)', '/pages/dashboards/analytics', server.url, lighthouseBrowser),
    )
    results.push(await measure('client list (owner)', '/pages/user/clients', server.url, lighthouseBrowser))
  } finally {
    await context.close()
    await server.stop()
    rmSync(profile, { recursive: true, force: true })
  }
  report(results, chunks(), browserVersion)
}

function report(results: PageResult[], built: Chunk[], browserVersion: string) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}; Node ${process.version}; ${browserVersion}`
  const missed = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.median.scores[c] < TARGETS[c]).map(
      (c) => `${r.name} ${c} ${r.median.scores[c]}`,
    ),
  )
  const js = built.filter((c) => c.file.endsWith('.js'))
  const lines = [
    '## Front end — `npm run bench -- frontend`',
    '',
    `${today()} · ${machine}`,
    '',
    'Lighthouse 12.2.3, mobile preset (default config: simulated slow 4G, 4× CPU slowdown), on the',
    'production build served by the API server with the embedded database (PGlite) and the demo data.',
    `Each page audited ${RUNS} times in a row, each from an empty HTTP cache (a first visit); the table`,
    'shows the run with the median performance score (every run in the last column). Signed-in pages:',
    "owner@demo.test. benchmarkIndex is Lighthouse's measure of the host's CPU in that run (higher is",
    "faster): the 4× slowdown multiplies the host's own speed, so scores taken at different indexes do",
    'not compare (the same build scored 15–30 points lower on a slower day of this machine kind).',
    '',
    '| page | performance | accessibility | best practices | FCP s | LCP s | TBT ms | benchmarkIndex | performance, every run |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results
      .map(({ name, path: p, median: m, runs }) =>
        [
          `${name} (\`${p.startsWith('/scan/') ? '/scan/<tag>' : p}\`)`,
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
    `Targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}: ${
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
