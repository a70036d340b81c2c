import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Checkboxes } from '../../src/ui/campaign-parts'

const STORES = [
  { value: 'opera', label: 'Maison Dupont Opéra' },
  { value: 'bastille', label: 'Maison Dupont Bastille' },
  { value: 'lyon', label: 'Maison Dupont Lyon' },
]

// The campaign target's stores: the story keeps the ticked ones; in a page the editor machine does.
function StoreChoice({ value: initial = [], error }: { value?: string[]; error?: string }) {
  const intl = useIntl()
  const [value, setValue] = useState(initial)
  return (
    <Checkboxes
      legend={intl.formatMessage({ id: 'communication.target.stores' })}
      options={STORES}
      value={value}
      error={error}
      onToggle={(v) => setValue((was) => (was.includes(v) ? was.filter((x) => x !== v) : [...was, v]))}
    />
  )
}

const meta = {
  title: 'Design system/Campaign parts/Checkboxes',
  component: StoreChoice,
} satisfies Meta<typeof StoreChoice>

export default meta
type Story = StoryObj<typeof meta>

export const NoneTicked: Story = {}
export const SomeTicked: Story = { args: { value: ['opera', 'lyon'] } }
/** The rule's error under the group (announced: role alert). */
export const WithRuleError: Story = { args: { error: 'REQUIRED' } }
