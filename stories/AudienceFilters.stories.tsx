import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { css } from 'styled-system/css'
import {
  type AudienceForm,
  audienceErrors,
  EMPTY_AUDIENCE,
  setAudienceField,
  toggleAudienceValue,
} from '../src/domain/audience-filters'
import { AudienceFilters } from '../src/ui/AudienceFilters'

// The audience filters both the campaign editor (target step) and the automated-marketing editor show.
// The component only renders plain props; in the app a machine holds the values and computes the
// errors with src/domain/audience-filters.ts. The "Example" story wires the same domain functions to
// local state, so the rules (min ≤ max, not negative, a visit count needs its period …) can be tried.
function Filters({ values, showErrors }: { values: AudienceForm; showErrors?: boolean }) {
  return (
    <div className={css({ maxW: '3xl' })}>
      <AudienceFilters
        values={values}
        errors={showErrors ? audienceErrors(values) : {}}
        onChange={() => {}}
        onToggle={() => {}}
      />
    </div>
  )
}

function Example() {
  const [values, setValues] = useState<AudienceForm>(EMPTY_AUDIENCE)
  return (
    <div className={css({ maxW: '3xl' })}>
      <AudienceFilters
        values={values}
        errors={audienceErrors(values)}
        onChange={(field, value) => setValues((f) => setAudienceField(f, field, value))}
        onToggle={(field, value) => setValues((f) => toggleAudienceValue(f, field, value))}
      />
    </div>
  )
}

const meta = {
  title: 'Design system/AudienceFilters',
  component: Filters,
  args: { values: EMPTY_AUDIENCE },
} satisfies Meta<typeof Filters>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = {
  args: {
    values: {
      ...EMPTY_AUDIENCE,
      minAge: '25',
      maxAge: '40',
      minLoyaltyPoints: '50',
      gender: 'women',
      zipOrPostcodes: '75003, 69001',
      clientsTypes: ['REGULAR_CUSTOMER'],
      clientsAcquiredFrom: ['STORE'],
    },
  },
}

export const WithErrors: Story = {
  args: {
    showErrors: true,
    values: {
      ...EMPTY_AUDIENCE,
      minAge: '40',
      maxAge: '25',
      minLoyaltyPoints: '-5',
      minAverageBasket: 'ten',
      minNbPassageTransactions: '2',
      radiusKm: '500',
    },
  },
}

/** Try it: the same edits and rules as the editors. */
export const Interactive: StoryObj<typeof Example> = { render: () => <Example /> }
