import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../src/ui/Button'
import { notify, toaster } from '../src/ui/Toast'

// Buttons use the 3 s default; the per-state stories keep their toasts until closed so they can be studied.
const examples = {
  success: (duration?: number) => notify.success('loyalty.addSale.addSaleSuccess', { duration }),
  error: (duration?: number) => notify.error('errors.generic', { duration }),
  info: (duration?: number) => notify.info('dialogs.createSaleDialog.noTagsFound', { duration }),
  warning: (duration?: number) => notify.warning('dialogs.selectScanner.noTagsMessage', { duration }),
} as const

function ToastPlayground({ show }: { show?: keyof typeof examples | 'all' }) {
  // Stories open their toasts on mount so each state can be looked at (and screenshotted) directly.
  useEffect(() => {
    if (!show) return
    const kinds = show === 'all' ? (Object.keys(examples) as (keyof typeof examples)[]) : [show]
    // Next tick: zag's toast group starts in a microtask after mounting, and toasts published before
    // it listens can be missed (real notifications come from async results, so the app never races).
    const ids: string[] = []
    const timer = setTimeout(() => {
      for (const kind of kinds) ids.push(examples[kind](Number.POSITIVE_INFINITY))
    }, 50)
    return () => {
      clearTimeout(timer)
      for (const id of ids) toaster.remove(id)
    }
  }, [show])
  return (
    <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
      <Button onClick={() => examples.success()}>
        <FormattedMessage id="loyalty.addSale.addSaleSuccess" />
      </Button>
      <Button tone="danger" onClick={() => examples.error()}>
        <FormattedMessage id="errors.generic" />
      </Button>
      <Button variant="outline" onClick={() => examples.info()}>
        <FormattedMessage id="dialogs.createSaleDialog.noTagsFound" />
      </Button>
      <Button variant="outline" tone="neutral" onClick={() => examples.warning()}>
        <FormattedMessage id="dialogs.selectScanner.noTagsMessage" />
      </Button>
    </div>
  )
}

const meta = {
  title: 'Design system/Toast',
  component: ToastPlayground,
} satisfies Meta<typeof ToastPlayground>

export default meta
type Story = StoryObj<typeof meta>

export const Playground: Story = {}
export const Success: Story = { args: { show: 'success' } }
export const ErrorToast: Story = { name: 'Error', args: { show: 'error' } }
export const Info: Story = { args: { show: 'info' } }
export const Warning: Story = { args: { show: 'warning' } }
export const Stacked: Story = { args: { show: 'all' } }
