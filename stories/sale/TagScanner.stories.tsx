import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import { type TagScannerContext, tagScannerMachine } from '../../machines/tag-scanner/tag-scanner.machine'
import { toTagScannerView } from '../../machines/tag-scanner/tag-scanner.view'
import { TagScannerPage } from '../../src/features/sale/TagScannerPage'
import { detail, INFO, NOW, tag } from './fixtures'

function at(value: StateValue, over: Partial<TagScannerContext> = {}) {
  const context: TagScannerContext = {
    tagId: tag(1).id,
    tag: detail(null),
    presence: { code: 'Qz3_x-Lm8RtA', expiresAt: new Date(NOW + 12_000).toISOString(), refreshInMs: 12_000 },
    now: NOW,
    isStale: false,
    isCodeStale: false,
    ...over,
  }
  return toTagScannerView(tagScannerMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Sale/Tag scanner',
  component: TagScannerPage,
  parameters: { layout: 'fullscreen' },
  args: {
    view: at({ live: { tag: 'waiting', code: 'showing' } }),
    origin: 'https://app.example.com',
    onRetry: () => {},
  },
} satisfies Meta<typeof TagScannerPage>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing waiting: "scan to collect your points". */
export const Waiting: Story = {}
const LIVE = { tag: 'waiting', code: 'showing' }
export const PointsWaiting: Story = { args: { view: at(LIVE, { tag: detail(INFO) }) } }
export const Reconnecting: Story = {
  args: { view: at(LIVE, { tag: detail(INFO), isStale: true }) },
}
/** The tag is read, the store's code not yet: no QR code that a visit would refuse. */
export const CodeLoading: Story = {
  args: { view: at({ live: { tag: 'waiting', code: 'fetching' } }, { presence: null }) },
}
export const Loading: Story = { args: { view: at('loading', { tag: null }) } }
export const LoadFailed: Story = { args: { view: at('loadFailed', { tag: null }) } }
