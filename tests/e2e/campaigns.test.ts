// Campaigns in Chromium (issue 19), as owner@demo.test: an SMS campaign with a client type and a points
// filter (the audience's count and cost change), scheduled, found in the history as scheduled, then
// cancelled; another sent now, whose progress reaches finished (or, outside the sending hours, waits).
// Both are NEWS campaigns: the first creates its news item (a week from today), the second links the
// demo's franchise-wide one, so the journeys add one item only under the §5 limit of offers at once.
// At a desktop's and a phone's width (the phone's scheduled campaign links the demo's item too), with
// an empty console (issue 34).
import Holidays from 'date-holidays'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { isInSendingWindow, localClock } from '../../src/domain/campaigns'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { shot } from '../support/e2e-shot'

const e2e = e2eBrowser()
let page: Page

const TZ = 'Europe/Paris'
const holidays = new Holidays('FR')
/** The demo franchise's SMS rules (§9 window, quiet Sundays and public holidays). */
const canSendNow = () =>
  isInSendingWindow(new Date(), {
    timezone: TZ,
    quietDays: true,
    isHoliday: (day) => !!holidays.isHoliday(new Date(`${day}T12:00:00`)),
  })

const audienceCount = () => page.getByTestId('audience-count').first().innerText()

/** The demo franchise's seeded franchise-wide news item (src/server/db/seed/news.ts). */
const SEEDED_NEWS = 'Galette des rois en précommande'

/**
 * Fills the target and content steps of an SMS campaign named `name`; its news item created from it,
 * or `link`: the one of that name linked.
 */
async function targetAndContent(name: string, minPoints: string, link?: string) {
  await page.goto('/pages/campaign/new')
  await page.getByLabel('Campaign name').fill(name)
  await page.getByRole('radio', { name: 'SMS' }).check()
  // The whole franchise's count first, then with the filters.
  await expect.poll(audienceCount, { timeout: 20_000 }).toMatch(/^\d+$/)
  const before = await audienceCount()
  await page.getByRole('checkbox', { name: 'Regular' }).check()
  await page.getByRole('group', { name: 'Points balance' }).getByLabel('Min').fill(minPoints)
  await expect.poll(audienceCount, { timeout: 20_000 }).not.toBe(before)
  const count = Number((await audienceCount()).replaceAll(',', ''))
  expect(count).toBeGreaterThan(0)
  // §9: 0.08 EUR per SMS received.
  const cost = await page.getByTestId('audience-cost').first().innerText()
  expect(cost).toContain((Math.round(count * 8) / 100).toFixed(2))
  // The unit price beside the total (one SMS per recipient).
  expect(cost).toContain(`${count.toLocaleString('en-US')} SMS × €0.08`)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Message').fill(`${name}: -10 % ce week-end en boutique`)
  await expect.poll(() => page.getByTestId('sms-counter').innerText()).toMatch(/\/ 160 characters · one SMS/)
  // What is added to the text is said with the counter: the opt-out line.
  expect(await page.getByTestId('sms-fixed').innerText()).toContain(
    'the opt-out line “STOP SMS: repondez STOP”',
  )
  // A NEWS campaign always has its news item: created from it by default, valid as it comes.
  expect(await page.getByLabel('Create a news item from this campaign').isChecked()).toBe(true)
  if (link) {
    await page.getByLabel('Link an existing news item').check()
    const select = page.getByRole('combobox', { name: 'News item' })
    const value = await select.locator('option', { hasText: link }).getAttribute('value')
    await select.selectOption(value!)
  }
  await page.getByRole('button', { name: 'Next' }).click()
  return count
}

async function validate() {
  await page.getByRole('button', { name: 'Next' }).click()
  const phone = page.getByTestId('phone-preview')
  await expect.poll(() => phone.innerText()).toContain('DUPONT')
  expect(await phone.innerText()).toContain('STOP SMS: repondez STOP')
  await page.getByRole('button', { name: 'Validate', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Validate the campaign' })
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL('**/pages/campaign/history', { timeout: 20_000 })
  await expect
    .poll(() => page.getByText('The campaign was created.').count(), { timeout: 15_000 })
    .toBeGreaterThan(0)
}

/** A campaign of the history: a table row on a desktop, a card on a phone. */
const historyItem = (name: string) =>
  page.locator('table tbody tr, [data-layout="cards"] > li').filter({ hasText: name })

async function openFromHistory(name: string, status: string) {
  const row = historyItem(name)
  await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1)
  expect(await row.innerText()).toContain(status)
  await row.getByRole('link', { name }).click()
  await page.waitForURL('**/pages/campaign/*')
}

/** The detail names the campaign's news item, with its status once the news call answered. */
async function expectNews(name: string, status: string) {
  const news = page.getByTestId('campaign-news')
  await expect.poll(() => news.innerText(), { timeout: 20_000 }).toContain(status)
  expect(await news.getByRole('link', { name }).getAttribute('href')).toBe('/pages/news')
}

describe.each(JOURNEY_VIEWPORTS)('campaigns ($name)', ({ name: width, ...options }) => {
  beforeAll(async () => {
    page = await e2e.signedInPage('owner@demo.test', undefined, options)
  })

  it('schedules an SMS campaign, finds it scheduled in the history and cancels it', async () => {
    const name = `Soldes ${Date.now()}`
    // One news item created by the journeys in all (§5 limit): the phone's links the demo's.
    const link = width === 'desktop' ? undefined : SEEDED_NEWS
    await targetAndContent(name, '1', link)
    // Tomorrow at 10:00 in the franchise's time zone: inside the window.
    const tomorrow = localClock(new Date(Date.now() + 24 * 3600_000), TZ).day
    await page.getByRole('radio', { name: 'Schedule' }).check()
    await page.getByLabel(`Start day (${TZ})`).fill(tomorrow)
    await page.getByLabel(`Start time (${TZ})`).fill('21:00')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect
      .poll(() => page.getByText('Outside the sending hours: choose a time from 08:00 to 20:00.').count())
      .toBeGreaterThan(0)
    await page.getByLabel(`Start time (${TZ})`).fill('10:00')
    // The date step says when it really goes out (a Sunday or a holiday waits for the next day, 08:00).
    await expect
      .poll(() => page.getByTestId('send-moment').innerText())
      .toMatch(/will go out on .+ at (10|08):00/)
    await validate()

    await page.getByLabel('Status').selectOption('scheduled')
    await page.waitForURL('**/pages/campaign/history?status=scheduled')
    await openFromHistory(name, 'Scheduled')
    // Its news item was created with it, from its name (an SMS has no title), running from today.
    if (link) await expectNews(link, 'Upcoming')
    else await expectNews(name, 'Published')
    await shot(page, `/tmp/shots-campaigns/scheduled-${width}.png`)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this campaign?' })
    await confirm.getByRole('button', { name: 'Cancel the campaign' }).click()
    await expect
      .poll(() => page.getByText('The campaign was cancelled.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await expect.poll(() => page.getByText('Canceled').count()).toBeGreaterThan(0)
    await page.goto('/pages/campaign/history?status=canceled')
    await expect.poll(() => historyItem(name).count(), { timeout: 20_000 }).toBe(1)
    expect(e2e.consoleProblems(page)).toEqual([])
  }, 180_000)

  it('sends a campaign now and follows its progress', async () => {
    const name = `Flash ${Date.now()}`
    const count = await targetAndContent(name, '1', SEEDED_NEWS)
    await page.getByRole('radio', { name: 'Send now' }).check()
    const open = canSendNow()
    await validate()
    await openFromHistory(name, open ? '' : 'In progress')
    await expectNews(SEEDED_NEWS, 'Upcoming')
    const progress = page.getByTestId('progress')
    if (open) {
      // Refreshed while it runs, until every message is sent.
      await expect
        .poll(() => progress.innerText(), { timeout: 120_000, interval: 1000 })
        .toMatch(/^[1-9][\d,]* sent · 0 pending/)
      await expect
        .poll(() => page.getByText('Finished', { exact: true }).count(), { timeout: 20_000 })
        .toBeGreaterThan(0)
      // Every recipient counted when it was written is sent (one may have opted out since: skipped).
      // Counts are formatted for the locale (1,234).
      const counted = (await progress.innerText()).match(/^([\d,]+) sent · 0 pending/)?.[1]
      const sent = Number(counted?.replaceAll(',', ''))
      expect(sent).toBeGreaterThan(0)
      expect(sent).toBeLessThanOrEqual(count)
      // The Results and the notified clients agree with it: read again with the progress, not left at
      // what they said early in the send.
      const part = (title: string) =>
        page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })
      const notified = part('Results')
        .locator('div', { has: page.locator('dt', { hasText: /^Notified$/ }) })
        .locator('dd')
      await expect.poll(async () => Number(await notified.innerText()), { timeout: 10_000 }).toBe(sent)
      const delivery = part('Notified clients').getByRole('cell', { name: /^(Sending|Pending)$/ })
      await expect.poll(() => delivery.count(), { timeout: 10_000 }).toBe(0)
      expect(
        await part('Notified clients').getByRole('cell', { name: 'Sent', exact: true }).count(),
      ).toBeGreaterThan(0)
    } else {
      // Outside the sending hours (or on a quiet day) the send waits for the next opening.
      await expect.poll(() => progress.innerText(), { timeout: 20_000 }).toMatch(/0 sent · \d+ pending/)
      expect(await page.getByText('In progress').count()).toBeGreaterThan(0)
    }
    await shot(page, `/tmp/shots-campaigns/progress-${width}.png`)
    expect(e2e.consoleProblems(page)).toEqual([])
  }, 180_000)
})
