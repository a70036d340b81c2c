// Campaign dates are the franchise's (issue 19, §4 "in the franchise's time zone"), wherever the
// browser is: a campaign sent at 09:00 UTC on 21 November is on 20 November, 22:00, for a franchise in
// Pago Pago (UTC-11). Run it in another zone to see the browser's does not matter, e.g.
// `TZ=Europe/Paris npx vitest run --project ui tests/ui/franchise-time-zone.test.tsx`.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CampaignDetailPage } from '../../src/features/campaigns/CampaignDetailPage'
import { CampaignHistoryPage } from '../../src/features/campaigns/CampaignHistoryPage'
import { formatDate } from '../../src/ui/i18n/date'
import * as detail from '../../stories/campaigns/CampaignDetail.stories'
import * as history from '../../stories/campaigns/CampaignHistory.stories'
import { SENT } from '../support/campaign-screens'
import { renderUi } from './render'

type DetailProps = Parameters<typeof CampaignDetailPage>[0]
type HistoryProps = Parameters<typeof CampaignHistoryPage>[0]

const ZONE = 'Pacific/Pago_Pago'

describe('campaign dates in the franchise’s time zone', () => {
  it('formats an instant as a day of the given zone, and a calendar day as it is', () => {
    expect(formatDate(SENT.sentAt!, 'en', ZONE)).toBe('11/20/2026')
    expect(formatDate(SENT.sentAt!, 'fr', 'Asia/Tokyo')).toBe('21/11/2026')
    expect(formatDate('2026-11-21T23:30:00Z', 'fr', 'Asia/Tokyo')).toBe('22/11/2026')
    expect(formatDate('2026-12-01', 'en', ZONE)).toBe('12/01/2026')
    expect(formatDate('2026-12-01', 'en')).toBe('12/01/2026')
  })

  it('the detail shows the send in the franchise’s day and clock', () => {
    renderUi(<CampaignDetailPage {...(detail.default.args as DetailProps)} />, { timeZone: ZONE })
    expect(screen.getAllByText(/11\/20\/2026 10:00\sPM/).length).toBeGreaterThan(0)
    expect(screen.queryByText(/11\/21\/2026/)).not.toBeInTheDocument()
  })

  it('the history shows each campaign on the franchise’s day', () => {
    renderUi(
      <CampaignHistoryPage
        {...(history.default.args as HistoryProps)}
        {...(history.Ready.args as Partial<HistoryProps>)}
      />,
      { timeZone: ZONE },
    )
    expect(screen.getAllByText('11/20/2026').length).toBeGreaterThan(0)
    expect(screen.queryByText('11/21/2026')).not.toBeInTheDocument()
  })
})
