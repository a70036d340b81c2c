// One clock (issue 34): a client's history, a game's "played on" and webhook deliveries showed the
// browser's clock while Messages sent and campaigns showed the franchise's. Here the browser is in Los
// Angeles (UTC-8) and the franchise in Tokyo (UTC+9): every page shows Tokyo's day and time, and says so.
process.env.TZ = 'America/Los_Angeles'

import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../src/domain/locale'
import { ClientHistoryTab } from '../../src/features/clients/ClientHistoryTab'
import { GameDetailPage } from '../../src/features/games/GameDetailPage'
import { WebhooksPanel } from '../../src/features/webhooks/WebhooksSection'
import { ClockZoneNote } from '../../src/ui/i18n/clock'
import * as client from '../../stories/clients/ClientDetail.stories'
import * as game from '../../stories/games/GameDetail.stories'
import * as webhooks from '../../stories/webhooks/Webhooks.stories'
import { renderUi } from './render'

const TOKYO = 'Asia/Tokyo'
const NOTE = {
  en: 'Times are Tokyo time, the franchise’s time zone.',
  fr: 'Les heures sont à l’heure de Tokyo, le fuseau horaire de la franchise.',
}
const norm = (s: string | null) => (s ?? '').replace(/\s/g, ' ')
const cells = () => screen.getAllByRole('cell').map((c) => norm(c.textContent))

type Props<T extends (p: never) => unknown> = Parameters<T>[0]

describe.each<[Locale, Record<'history' | 'played' | 'delivery', string>]>([
  // 12:00 UTC on 14 Sept 2024, 10:00 UTC on 2 Dec 2026 and 10:01 UTC on 25 Nov 2026, in Tokyo.
  [
    'en',
    { history: '09/14/2024 09:00 PM', played: '12/02/2026 07:00 PM', delivery: '11/25/2026 07:01:00 PM' },
  ],
  ['fr', { history: '14/09/2024 21:00', played: '02/12/2026 19:00', delivery: '25/11/2026 19:01:00' }],
])('in %s, a franchise in Tokyo seen from a browser in Los Angeles', (locale, expected) => {
  it('the browser really is elsewhere', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles')
  })

  it('a client’s history shows Tokyo’s time, and says so', () => {
    const props = client.default.args as Props<typeof ClientHistoryTab>
    renderUi(<ClientHistoryTab view={props.view} />, { locale, timeZone: TOKYO })
    expect(cells()).toContain(expected.history)
    expect(screen.getByText(NOTE[locale])).toBeInTheDocument()
  })

  it('a game’s participants were played on Tokyo’s day and time', () => {
    renderUi(<GameDetailPage {...(game.default.args as Props<typeof GameDetailPage>)} />, {
      locale,
      timeZone: TOKYO,
    })
    expect(cells()).toContain(expected.played)
    expect(screen.getByText(NOTE[locale])).toBeInTheDocument()
  })

  it('webhook deliveries are logged in Tokyo’s time, to the second', () => {
    const props = { ...webhooks.default.args, ...webhooks.Deliveries.args } as Props<typeof WebhooksPanel>
    renderUi(<WebhooksPanel {...props} />, { locale, timeZone: TOKYO })
    expect(cells()).toContain(expected.delivery)
    expect(screen.getByText(NOTE[locale])).toBeInTheDocument()
  })

  it('says nothing of the zone when the franchise’s clock is the browser’s', () => {
    renderUi(<ClockZoneNote />, { locale, timeZone: 'America/Los_Angeles' })
    expect(screen.queryByText(NOTE[locale])).not.toBeInTheDocument()
    renderUi(<ClockZoneNote />, { locale })
    expect(screen.queryByText(NOTE[locale])).not.toBeInTheDocument()
  })
})
