// The public coupon page (issue 18): what the customer shows at the counter, in English and French,
// and its states (used, not found, failed with a retry).
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { campaignCouponMachine, toCampaignCouponView } from '../../machines/campaign-coupon'
import { ApiError } from '../../src/api/client'
import type { PublicCampaignCoupon } from '../../src/domain/campaign-contract'
import { CampaignCouponPage } from '../../src/features/campaign-coupon/CampaignCouponPage'
import { renderUi } from './render'

const COUPON: PublicCampaignCoupon = {
  franchiseName: 'Maison Dupont',
  franchiseLogo: null,
  type: 'flat',
  value: 500,
  currencyCode: 'EUR',
  header: 'Welcome back',
  productDescription: null,
  termsOfUse: 'From €20',
  expiresAt: '2026-12-08T09:00:00.000Z',
  state: 'active',
  counterCode: 'K7MQ2XPA',
}

/** The page's view after the machine got `outcome` from its call. */
function viewAfter(outcome: { output: PublicCampaignCoupon } | { error: unknown }) {
  // The call never answers by itself: the test hands the machine its outcome.
  const machine = campaignCouponMachine.provide({
    actors: { loadCoupon: fromPromise<PublicCampaignCoupon, { code: string }>(() => new Promise(() => {})) },
  })
  const actor = createActor(machine, { input: { code: 'Ab3_x-Yz09Qw' } }).start()
  actor.send(
    ('output' in outcome
      ? { type: 'xstate.done.actor.loadCoupon', output: outcome.output }
      : { type: 'xstate.error.actor.loadCoupon', error: outcome.error }) as never,
  )
  return toCampaignCouponView(actor.getSnapshot())
}

describe('public coupon page', () => {
  it('shows the coupon, its value, expiry and terms, its short code and the QR code the counter scans', () => {
    renderUi(<CampaignCouponPage view={viewAfter({ output: COUPON })} send={vi.fn()} />)
    expect(screen.getByText('Maison Dupont')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByText('€5.00')).toBeInTheDocument()
    expect(screen.getByText('Valid until December 8, 2026')).toBeInTheDocument()
    expect(screen.getByText('From €20')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: "The coupon's QR code" })).toHaveAttribute(
      'data-qr-text',
      `${window.location.origin}/pages/coupons/K7MQ2XPA`,
    )
    // Issue 34: a short code to read out, not the coupon's UUID.
    expect(screen.getByText('Coupon code: K7MQ-2XPA')).toBeInTheDocument()
    expect(
      screen.getByText('Show this QR code at the counter, or give the code. The coupon can be used once.'),
    ).toBeInTheDocument()
  })

  it('in French, a percentage', () => {
    renderUi(
      <CampaignCouponPage
        view={viewAfter({ output: { ...COUPON, type: 'percentage', value: 10 } })}
        send={vi.fn()}
      />,
      { locale: 'fr' },
    )
    expect(screen.getByText('-10 %')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Votre coupon' })).toBeInTheDocument()
  })

  it('says a used coupon is used and shows no code to redeem', () => {
    renderUi(
      <CampaignCouponPage view={viewAfter({ output: { ...COUPON, state: 'claimed' } })} send={vi.fn()} />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('This coupon has been used.')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('says an unknown link is not found, and offers a retry after a failure', async () => {
    const { unmount } = renderUi(
      <CampaignCouponPage
        view={viewAfter({ error: new ApiError(404, 'COUPON_NOT_FOUND', 'x') })}
        send={vi.fn()}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('This coupon does not exist.')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    unmount()
    const send = vi.fn()
    const { user } = renderUi(
      <CampaignCouponPage view={viewAfter({ error: new ApiError(0, 'NETWORK_ERROR', 'x') })} send={send} />,
    )
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(send).toHaveBeenCalledWith({ type: 'coupon.retry' })
  })
})
