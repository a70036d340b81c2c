import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormattedMessage } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../src/ui/Button'

const row = css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })

const meta = {
  title: 'Design system/Button',
  component: Button,
  args: { children: <FormattedMessage id="common.save" />, variant: 'solid', size: 'md', tone: 'accent' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['solid', 'outline', 'ghost'] },
    tone: { control: 'inline-radio', options: ['accent', 'danger', 'neutral'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    loading: { control: 'boolean' },
    disabled: { control: 'boolean' },
  },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Solid: Story = {}

export const Outline: Story = { args: { variant: 'outline' } }

export const Ghost: Story = { args: { variant: 'ghost' } }

export const Destructive: Story = {
  args: { tone: 'danger', children: <FormattedMessage id="common.delete" /> },
}

export const Loading: Story = { args: { loading: true } }

export const Disabled: Story = { args: { disabled: true } }

export const AllVariants: Story = {
  render: () => (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {(['solid', 'outline', 'ghost'] as const).map((variant) => (
        <div key={variant} className={row}>
          {(['accent', 'neutral', 'danger'] as const).map((tone) => (
            <Button key={tone} variant={variant} tone={tone}>
              <FormattedMessage id={tone === 'danger' ? 'common.delete' : 'common.save'} />
            </Button>
          ))}
          <Button variant={variant} loading>
            <FormattedMessage id="common.save" />
          </Button>
          <Button variant={variant} disabled>
            <FormattedMessage id="common.save" />
          </Button>
        </div>
      ))}
    </div>
  ),
}

export const Sizes: Story = {
  render: (args) => (
    <div className={row}>
      <Button {...args} size="sm" />
      <Button {...args} size="md" />
      <Button {...args} size="lg" />
    </div>
  ),
}
