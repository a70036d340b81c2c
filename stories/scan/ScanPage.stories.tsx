import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import { type ScanContext, scanMachine } from '../../machines/scan/scan.machine'
import { toScanView } from '../../machines/scan/scan.view'
import type { ScanInfo } from '../../src/domain/scan'
import { ScanPage } from '../../src/features/scan/ScanPage'
import {
  COLLECTED,
  COLLECTED_STRANGER,
  MANUAL_INFO,
  NO_CARD_INFO,
  PASSAGE_INFO,
  POS_INFO,
  SCAN_CODE,
  SCAN_UID,
} from '../../tests/support/scan-fixtures'

function at(value: StateValue, over: Partial<ScanContext> = {}, info: ScanInfo | null = PASSAGE_INFO) {
  const context: ScanContext = {
    uid: SCAN_UID,
    language: 'en',
    code: SCAN_CODE,
    info,
    phone: '',
    isRemembered: false,
    receiptId: '',
    submitted: false,
    remaining: 10,
    expired: false,
    result: null,
    error: null,
    rating: null,
    comment: '',
    unreadable: false,
    video: null,
    ...over,
  }
  return toScanView(scanMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Scan/Customer scan page',
  component: ScanPage,
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'mobile1' } },
  args: { view: at('entering'), send: () => {} },
} satisfies Meta<typeof ScanPage>

export default meta
type Story = StoryObj<typeof meta>

/** The tag's page on the way. */
export const Loading: Story = { args: { view: at('loading', {}, null) } }

/** A passage card: the phone entry, the card's rule and offers, the camera button. */
export const PhoneEntry: Story = {}

/** The tag's address without the store's code (opened from home): scan the QR code in the store. */
export const NeedsStoreCode: Story = { args: { view: at('entering', { code: null }) } }

/** The number of the last visit, remembered on the device, with "not you?". */
export const RememberedPhone: Story = {
  args: { view: at('entering', { phone: '+33612345678', isRemembered: true }) },
}

/** A wrong number for the store's country. */
export const InvalidPhone: Story = { args: { view: at('entering', { phone: '06 12', submitted: true }) } }

/** Points injected at the counter, waiting on the tag (MANUAL_AMOUNT). */
export const PointsWaiting: Story = { args: { view: at('entering', {}, MANUAL_INFO) } }

/** A point-of-sale card: the receipt number is asked too. */
export const ReceiptEntry: Story = {
  args: { view: at('entering', { phone: '06 12 34 56 78', submitted: true }, POS_INFO) },
}

/** The store has no card: nothing to collect. */
export const NoCard: Story = { args: { view: at('entering', {}, NO_CARD_INFO) } }

/** The countdown ran out: back to the phone, saying so. */
export const Expired: Story = { args: { view: at('entering', { phone: '06 12 34 56 78', expired: true }) } }

/** The validation countdown. */
export const Confirming: Story = {
  args: { view: at('confirming', { phone: '06 12 34 56 78', remaining: 7 }) },
}

export const Collecting: Story = { args: { view: at('collecting', { phone: '06 12 34 56 78' }) } }

/** Points credited: balance, offers now and next, coupons, and the opinion form. */
export const Done: Story = {
  args: { view: at({ done: { opinion: 'rating', card: 'shown' } }, { result: COLLECTED, rating: 4 }) },
}

/** Issue 24 #4: a device that has not proven the phone sees the points credited and the way to its card. */
export const DoneNotProven: Story = {
  args: { view: at({ done: { opinion: 'rating', card: 'hidden' } }, { result: COLLECTED_STRANGER }) },
}

export const CardLoading: Story = {
  args: { view: at({ done: { opinion: 'rating', card: 'loadingCard' } }, { result: COLLECTED_STRANGER }) },
}

export const CardFailed: Story = {
  args: { view: at({ done: { opinion: 'rating', card: 'cardFailed' } }, { result: COLLECTED_STRANGER }) },
}

export const OpinionSending: Story = {
  args: {
    view: at(
      { done: { opinion: 'sending', card: 'shown' } },
      { result: COLLECTED, rating: 5, comment: 'Parfait' },
    ),
  },
}

export const OpinionFailed: Story = {
  args: {
    view: at(
      { done: { opinion: 'opinionFailed', card: 'shown' } },
      { result: COLLECTED, rating: 5, comment: 'Parfait' },
    ),
  },
}

export const OpinionSent: Story = {
  args: { view: at({ done: { opinion: 'sent', card: 'shown' } }, { result: COLLECTED, rating: 5 }) },
}

/** A refusal with its §8 message (here: the minimum time between visits). */
export const Failed: Story = { args: { view: at('failed', { error: 'pages.scan.errors.tooSoon' }) } }

export const NoReceipt: Story = {
  args: { view: at('failed', { error: 'pages.scan.errors.noReceipt' }, POS_INFO) },
}

export const TagNotFound: Story = { args: { view: at('notFound', {}, null) } }

export const LoadFailed: Story = {
  args: { view: at('loadFailed', { error: 'pages.scan.errors.load' }, null) },
}

/** The camera reading a QR code. */
export const Camera: Story = { args: { view: at({ camera: 'scanning' }, { unreadable: true }) } }

/** Camera permission not granted. */
export const CameraDenied: Story = { args: { view: at({ camera: 'denied' }) } }
