import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Input } from '../../src/ui/campaign-parts'

// The campaign editors' field: a rule's error code (REQUIRED…) is worded through communication.errors.
// Here the value is kept by the story; in a page the editor machine keeps it.
function NameInput({ value: initial = '', ...props }: Partial<Parameters<typeof Input>[0]>) {
  const intl = useIntl()
  const [value, setValue] = useState(initial)
  return (
    <div className={css({ maxW: 'md' })}>
      <Input
        label={intl.formatMessage({ id: 'communication.fields.name' })}
        value={value}
        onChange={setValue}
        {...props}
      />
    </div>
  )
}

const meta = {
  title: 'Design system/Campaign parts/Input',
  component: NameInput,
} satisfies Meta<typeof NameInput>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Filled: Story = { args: { value: 'Soldes d’hiver' } }
/** A rule's code, worded: "Required." */
export const WithRuleError: Story = { args: { error: 'REQUIRED' } }
/** A time field (the send hour), with its own picker. */
export const Time: Story = { args: { type: 'time', value: '09:30' } }
export const Disabled: Story = { args: { value: 'Soldes d’hiver', disabled: true } }
