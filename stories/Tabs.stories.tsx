import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormattedMessage } from 'react-intl'
import { Tabs } from '../src/ui/Tabs'

function LoyaltyTabs({ defaultValue = 'card' }: { defaultValue?: 'card' | 'customers' }) {
  return (
    <Tabs.Root defaultValue={defaultValue}>
      <Tabs.List>
        <Tabs.Trigger value="card">
          <FormattedMessage id="pages.loyalty.tabs.card" />
        </Tabs.Trigger>
        <Tabs.Trigger value="customers">
          <FormattedMessage id="pages.loyalty.tabs.customers" />
        </Tabs.Trigger>
        <Tabs.Indicator />
      </Tabs.List>
      <Tabs.Content value="card">
        <FormattedMessage id="app.tagline" />
      </Tabs.Content>
      <Tabs.Content value="customers">
        <FormattedMessage id="auth.login.highlights.clients" />
      </Tabs.Content>
    </Tabs.Root>
  )
}

const meta = {
  title: 'Design system/Tabs',
  component: LoyaltyTabs,
} satisfies Meta<typeof LoyaltyTabs>

export default meta
type Story = StoryObj<typeof meta>

export const FirstSelected: Story = {}

export const SecondSelected: Story = { args: { defaultValue: 'customers' } }
