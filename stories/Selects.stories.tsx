import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { NativeSelect } from '../src/ui/NativeSelect'
import { SelectField } from '../src/ui/SelectField'

const TYPES = [
  { value: 'NEW_CUSTOMER', label: 'New' },
  { value: 'REGULAR_CUSTOMER', label: 'Regular' },
  { value: 'LOST_CUSTOMER', label: 'Lost' },
]

// The two selects of the design system: SelectField (Ark UI, one or several values) for filters, and
// NativeSelect (the platform's own) for settings with a few fixed choices.
function Filter({ multiple }: { multiple?: boolean }) {
  const [value, setValue] = useState<string[]>(multiple ? ['NEW_CUSTOMER'] : [])
  return (
    <div className={css({ maxW: 'xs' })}>
      <SelectField
        label="Client type"
        placeholder="All"
        options={TYPES}
        value={value}
        onChange={setValue}
        multiple={multiple ?? false}
      />
    </div>
  )
}

function Setting({ hint, disabled }: { hint?: string; disabled?: boolean }) {
  const [value, setValue] = useState('fr')
  return (
    <div className={css({ maxW: 'xs' })}>
      <NativeSelect
        label="Language"
        value={value}
        options={[
          { value: 'fr', label: 'Français' },
          { value: 'en', label: 'English' },
        ]}
        onChange={setValue}
        hint={hint}
        disabled={disabled ?? false}
      />
    </div>
  )
}

const meta = { title: 'Design system/Selects', component: Filter } satisfies Meta<typeof Filter>

export default meta
type Story = StoryObj<typeof meta>

export const SelectOne: Story = {}

export const SelectSeveral: Story = { args: { multiple: true } }

export const Native: Story = { render: () => <Setting /> }

export const NativeWithHint: Story = { render: () => <Setting hint="Used for e-mails too." /> }

export const NativeDisabled: Story = { render: () => <Setting disabled /> }

/** A choice that is refused: the select is marked invalid and says why. */
export const NativeInvalid: Story = {
  render: () => (
    <div className={css({ maxW: 'xs' })}>
      <NativeSelect
        label="Gender"
        value="X"
        options={[
          { value: '', label: 'Not said' },
          { value: 'X', label: 'Other' },
        ]}
        onChange={() => {}}
        error="Choose one of the offered values."
      />
    </div>
  ),
}
