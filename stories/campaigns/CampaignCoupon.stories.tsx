import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CampaignCouponContext,
  campaignCouponMachine,
} from '../../machines/campaign-coupon/campaign-coupon.machine'
import { toCampaignCouponView } from '../../machines/campaign-coupon/campaign-coupon.view'
import type { PublicCampaignCoupon } from '../../src/domain/campaign-contract'
import { CampaignCouponPage } from '../../src/features/campaign-coupon/CampaignCouponPage'

const COUPON: PublicCampaignCoupon = {
  franchiseName: 'Maison Dupont',
  franchiseLogo: null,
  type: 'percentage',
  value: 15,
  currencyCode: 'EUR',
  header: '-15 % sur tout le magasin',
  productDescription: null,
  termsOfUse: 'Valable une fois, en boutique, hors promotions.',
  expiresAt: '2026-12-31T22:59:59.000Z',
  state: 'active',
  counterCode: '6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f',
}

function at(
  state: 'loading' | 'shown' | 'notFound' | 'failed',
  coupon: PublicCampaignCoupon | null = COUPON,
) {
  const context: CampaignCouponContext = { code: 'Xk3vQ9aZ0pLm', coupon }
  return toCampaignCouponView(campaignCouponMachine.resolveState({ value: state, context }))
}

/** The public coupon page a campaign SMS's short link opens (`/coupon/:code`), in each machine state. */
const meta = {
  title: 'Pages/Campaign coupon',
  component: CampaignCouponPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('shown'), send: () => {} },
} satisfies Meta<typeof CampaignCouponPage>

export default meta
type Story = StoryObj<typeof meta>

/** Usable: the QR code the counter redeems. */
export const Active: Story = {}
export const FlatAmount: Story = {
  args: { view: at('shown', { ...COUPON, type: 'flat', value: 500, header: '5 € offerts' }) },
}
export const Product: Story = {
  args: {
    view: at('shown', { ...COUPON, type: 'product', value: null, productDescription: 'Un café offert' }),
  },
}
/** Used or expired: says so, no code. */
export const Claimed: Story = { args: { view: at('shown', { ...COUPON, state: 'claimed' }) } }
export const Expired: Story = { args: { view: at('shown', { ...COUPON, state: 'expired' }) } }
export const Loading: Story = { args: { view: at('loading', null) } }
export const UnknownLink: Story = { args: { view: at('notFound', null) } }
export const Failed: Story = { args: { view: at('failed', null) } }
