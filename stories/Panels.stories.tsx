import type { Meta, StoryObj } from '@storybook/react-vite'
import { useIntl } from 'react-intl'
import { fn } from 'storybook/test'
import { Button } from '../src/ui/Button'
import { EmptyPanel, ErrorPanel } from '../src/ui/Panels'

// What a list or a page shows instead of its content: nothing there yet (with what can be done), or
// a failure with its retry.
const meta = {
  title: 'Design system/Panels',
  component: EmptyPanel,
  args: { title: 'No client yet' },
} satisfies Meta<typeof EmptyPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  render: () => {
    const intl = useIntl()
    return (
      <EmptyPanel
        title={intl.formatMessage({ id: 'pages.clients.empty.title' })}
        description={intl.formatMessage({ id: 'pages.clients.empty.description' })}
        action={<Button>{intl.formatMessage({ id: 'pages.clients.actions.create' })}</Button>}
      />
    )
  },
}

export const Failure: Story = {
  render: () => {
    const intl = useIntl()
    return <ErrorPanel message={intl.formatMessage({ id: 'errors.generic' })} onRetry={fn()} />
  },
}

export const FailureWithoutRetry: Story = {
  render: () => {
    const intl = useIntl()
    return <ErrorPanel message={intl.formatMessage({ id: 'errors.generic' })} />
  },
}
