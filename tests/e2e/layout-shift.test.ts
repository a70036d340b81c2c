// Nothing moves under a phone user while a page arrives (issue 17): the first load of the dashboard, the
// client list and a QR code's scan page, on a phone-sized window, makes no layout shift. Their shifts
// came from the footer (pushed down when the page arrived), the dashboard's subtitle changing length,
// card skeletons shorter than their charts, and the scan page's header gaining its names.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { counterTag } from '../support/e2e-tags'

const PHONE = { viewport: { width: 412, height: 823 } }
const e2e = e2eBrowser(PHONE)

// A string, not a function: the page has no bundler helpers. Shifts right after an input are the
// user's own doing and do not count (as in CLS). window.__takeShifts() adds the entries the observer
// has not delivered yet.
const RECORD_SHIFTS = `
  window.__shifts = []
  const record = (entries) => {
    for (const e of entries)
      if (!e.hadRecentInput)
        window.__shifts.push({ value: e.value, nodes: (e.sources || []).map((s) =>
          s.node && s.node.nodeType === 1 ? s.node.tagName + ' ' + (s.node.textContent || '').trim().slice(0, 40) : '?') })
  }
  const observer = new PerformanceObserver((list) => record(list.getEntries()))
  observer.observe({ type: 'layout-shift', buffered: true })
  window.__takeShifts = () => {
    record(observer.takeRecords())
    return window.__shifts
  }
`

type Shift = { value: number; nodes: string[] }
/**
 * The shifts so far, once the page has drawn two more frames: a shift the awaited content causes
 * happens when it is laid out and drawn, and is reported by then (instead of a fixed 300 ms wait).
 */
const shifts = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r))
    return (window as unknown as { __takeShifts: () => Shift[] }).__takeShifts()
  })

/**
 * A first visit of `path` (an empty HTTP cache, so every chunk arrives as it would) in a page that may
 * be signed in already (its token is in local storage).
 */
async function firstLoad(page: Page, path: string) {
  await page.addInitScript(RECORD_SHIFTS)
  await page.goto('about:blank')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.goto(path)
}

describe('layout stability on a phone', () => {
  it('the dashboard: nothing moves while its cards and first chart arrive', async () => {
    const page = await e2e.signedInPage('owner@demo.test', null, PHONE)
    await firstLoad(page, '/pages/dashboards/analytics')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    // Every card has answered, and the first one's chart is drawn (ECharts' SVG, in the window).
    await expect.poll(() => page.locator('[data-card][data-status="loading"]').count()).toBe(0)
    await page.locator('[data-card="visitsDays"] [data-chart] svg').first().waitFor()
    expect(await shifts(page)).toEqual([])
  })

  it('the client list: nothing moves while the page and its rows arrive', async () => {
    const page = await e2e.signedInPage('owner@demo.test', null, PHONE)
    await firstLoad(page, '/pages/user/clients')
    await page.getByRole('heading', { level: 1, name: 'Client list' }).waitFor()
    // A phone lists the clients as cards.
    await page.locator('[data-layout=cards] li').first().waitFor()
    expect(await shifts(page)).toEqual([])
  })

  it('a QR code’s scan page: the header keeps its height when the franchise and store names arrive', async () => {
    const tag = await counterTag(e2e.baseURL, 'owner@demo.test', 'Maison Dupont — Paris Marais')
    const page = await e2e.newPage()
    await firstLoad(page, `/scan/${tag.uid}`)
    await page.getByText('Maison Dupont — Paris Marais').waitFor()
    expect(await shifts(page)).toEqual([])
  })
})
