import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Radios } from '../../src/ui/campaign-parts'

// The campaign's channel: the story keeps the choice; in a page the editor machine does.
function ChannelChoice({ value: initial = 'SMS' }: { value?: 'SMS' | 'PUSH' }) {
  const intl = useIntl()
  const [value, setValue] = useState(initial)
  return (
    <Radios
      legend={intl.formatMessage({ id: 'communication.fields.channel' })}
      name="channel"
      value={value}
      options={[
        { value: 'SMS', label: intl.formatMessage({ id: 'communication.channel.sms' }) },
        { value: 'PUSH', label: intl.formatMessage({ id: 'communication.channel.push' }) },
      ]}
      onChange={setValue}
    />
  )
}

const meta = {
  title: 'Design system/Campaign parts/Radios',
  component: ChannelChoice,
} satisfies Meta<typeof ChannelChoice>

export default meta
type Story = StoryObj<typeof meta>

export const Sms: Story = {}
export const Push: Story = { args: { value: 'PUSH' } }
