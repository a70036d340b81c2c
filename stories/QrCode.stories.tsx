import type { Meta, StoryObj } from '@storybook/react-vite'
import { css } from 'styled-system/css'
import { QrCode } from '../src/ui/QrCode'

const meta = {
  title: 'Design system/QrCode',
  component: QrCode,
  args: {
    text: 'https://app.loyalty.test/scan/tag-7f3a9c?c=482913',
    label: 'QR code to scan at the counter',
    className: css({ w: '48', h: '48' }),
  },
} satisfies Meta<typeof QrCode>

export default meta
type Story = StoryObj<typeof meta>

/** The tag scanner's code: the scan page's address with the presence code of the moment. */
export const ScanAddress: Story = {}

/** A campaign coupon's code, shown to the cashier who redeems it. */
export const CouponId: Story = {
  args: { text: 'coupon:6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f', label: 'Coupon code' },
}
