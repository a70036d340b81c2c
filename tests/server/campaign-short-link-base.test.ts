// Issue 34: the campaign editor previewed an SMS's short link on the browser's address (127.0.0.1)
// while the sender wrote it on the server's PUBLIC_URL (localhost), though the preview claims to be the
// SMS as sent. The editor now reads the server's (GET …/communication-campaigns/short-link-base), and
// the dispatch runs on the same value (plugins/jobs.ts dispatchDepsOf): the preview is the sent text.
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponKind } from '../../src/domain/campaign-draft'
import { smsPreview } from '../../src/domain/campaign-draft'
import { optOutMention } from '../../src/domain/sms'
import { outbox } from '../../src/server/db/schema'
import { dispatchDepsOf } from '../../src/server/plugins/jobs'
import { runDispatch } from '../../src/server/services/campaign-dispatch'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addCampaign, addClients, franchiseNamed, T0 } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const PUBLIC_URL = 'http://links.example:8443'

describe.each(databaseKinds())('the short links’ public URL on %s', (kind) => {
  let t: TestApp
  let owner: string
  const base = (franchiseId: string, token = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${franchiseId}/communication-campaigns/short-link-base`,
      // The browser came on another address than the configured one: it must not matter.
      headers: { ...bearer(token), host: '127.0.0.1:5173' },
    })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: PUBLIC_URL } })
    owner = await loginAs(t.app, 'owner@demo.test')
  }, 120_000)
  afterAll(() => t.close())

  it('answers the address the sent SMS carries: the preview on it is the SMS as sent', async () => {
    const db = t.database.db
    const dupont = await franchiseNamed(db, 'Maison Dupont')
    const res = await base(dupont.id)
    expect(res.statusCode).toBe(200)
    const { publicUrl } = res.json()
    expect(publicUrl).toBe(PUBLIC_URL)

    await addClients(db, dupont.id, 1, '+3364')
    const campaign = await addCampaign(db, dupont.id, { link: 'https://maison-dupont.example/soldes' })
    const deps = { ...dispatchDepsOf(t.app), now: () => T0, sleep: async () => {} }
    expect(await runDispatch(deps, campaign.id)).toEqual({ kind: 'sent' })
    const [sent] = await db
      .select({ body: outbox.body })
      .from(outbox)
      .where(like(outbox.dedupeKey, `campaign:${campaign.id}:%`))
    expect(sent?.body).toContain(`${PUBLIC_URL}/r/`)
    // The editor's preview (the draft, the opt-out line, the sample short link on the answered URL)
    // is the text sent, but for the recipient's own code.
    const preview = smsPreview(
      { message: campaign.message, link: campaign.link!, content: campaign.content as CouponKind },
      optOutMention(dupont.codeAlpha3),
      publicUrl,
    )
    expect(sent!.body.replace(/\/r\/[A-Za-z0-9_-]{12}/, '/r/xxxxxxxxxxxx')).toBe(preview)
  })

  it('is told to the franchise’s owner only', async () => {
    const bagels = await franchiseNamed(t.database.db, 'Brooklyn Bagels')
    expect((await base(bagels.id)).statusCode).toBe(404)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${bagels.id}/communication-campaigns/short-link-base`,
    })
    expect(res.statusCode).toBe(401)
  })
})
