// What the SMS provider tests share (sms-twilio, sms-vonage): an app whose SMS adapter is the given
// provider, Maison Dupont with a few clients, and the campaign dispatch on the test's clock.

import { eq } from 'drizzle-orm'
import { createPush } from '../../src/server/adapters/push'
import { type Config, testConfig } from '../../src/server/config'
import { campaignRecipients } from '../../src/server/db/schema'
import { runDispatch } from '../../src/server/services/campaign-dispatch'
import { startTestApp, type TestApp } from './app'
import { addClients, franchiseNamed } from './campaign-fixtures'
import type { DbKind } from './database'

export const SMS_PUBLIC_URL = 'https://shop.test'
/** Tuesday 24 November 2026, 10:00 in Paris: inside the sending hours. */
export const TUESDAY_10H = new Date('2026-11-24T09:00:00Z')

/** The app with `sms` as its SMS adapter, and Maison Dupont's id once `count` clients (`prefix…`) are added. */
export async function startSmsApp(
  kind: DbKind,
  sms: Config['adapters']['sms'],
  clients: { count: number; prefix: string },
): Promise<{ t: TestApp; dupont: string }> {
  const base = testConfig()
  const t = await startTestApp(kind, {
    seed: true,
    config: { publicUrl: SMS_PUBLIC_URL, adapters: { ...base.adapters, sms } },
  })
  const dupont = (await franchiseNamed(t.database.db, 'Maison Dupont')).id
  await addClients(t.database.db, dupont, clients.count, clients.prefix)
  return { t, dupont }
}

/** One dispatch run of the campaign at `now`, through the app's SMS adapter, without real waits. */
export const dispatchAt = (t: TestApp, campaignId: string, now: Date) =>
  runDispatch(
    {
      db: t.database.db,
      channels: { SMS: t.app.adapters.sms, PUSH: createPush({}) },
      now: () => now,
      sleep: async () => {},
      options: { retryBaseMs: 1_000 },
    },
    campaignId,
  )

export const recipientsOf = (t: TestApp, campaignId: string) =>
  t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId))
