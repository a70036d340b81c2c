import type { Meta, StoryObj } from '@storybook/react-vite'
import { css } from 'styled-system/css'
import { Badge, type BadgeTone } from '../src/ui/Badge'

const TONES: BadgeTone[] = ['neutral', 'accent', 'success', 'warning', 'danger', 'info']

const meta = {
  title: 'Design system/Badge',
  component: Badge,
  args: { tone: 'success', children: 'Regular customer' },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {}

/** Every tone, by meaning: a client's type, a merchant's state, an offer's status. */
export const Tones: Story = {
  render: () => (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
      {TONES.map((tone) => (
        <Badge key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
}
