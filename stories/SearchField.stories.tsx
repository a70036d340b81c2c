import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { fn } from 'storybook/test'
import { css } from 'styled-system/css'
import { SearchField, type SearchFieldProps } from '../src/ui/SearchField'

// The list pages' search box. Here the text is kept by the story; in a page a list machine keeps it
// (debouncing the typing) and Enter searches at once.
function ClientSearch({ value: initial = '', ...props }: Partial<SearchFieldProps>) {
  const intl = useIntl()
  const [value, setValue] = useState(initial)
  return (
    <div className={css({ maxW: 'md' })}>
      <SearchField
        label={intl.formatMessage({ id: 'pages.clients.filters.search' })}
        placeholder={intl.formatMessage({ id: 'pages.clients.filters.searchPlaceholder' })}
        value={value}
        onChange={setValue}
        onSubmit={fn()}
        {...props}
      />
    </div>
  )
}

const meta = {
  title: 'Design system/SearchField',
  component: ClientSearch,
  args: { onSubmit: fn() },
} satisfies Meta<typeof ClientSearch>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { value: 'marie dupont' } }

/** The merchant list's box: another label, and its query calls the search `filter`. */
export const Merchants: Story = {
  render: (args) => {
    const intl = useIntl()
    return (
      <ClientSearch
        {...args}
        name="filter"
        label={intl.formatMessage({ id: 'admin.search' })}
        placeholder={intl.formatMessage({ id: 'admin.searchPlaceholder' })}
      />
    )
  },
}
