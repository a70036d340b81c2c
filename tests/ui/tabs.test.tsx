import { screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Tabs } from '../../src/ui/Tabs'
import { renderUi } from './render'

// Ark measures the selected tab for the sliding indicator; jsdom has no ResizeObserver.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterAll(() => {
  vi.unstubAllGlobals()
})

function LoyaltyTabs() {
  return (
    <Tabs.Root defaultValue="card">
      <Tabs.List aria-label="Loyalty">
        <Tabs.Trigger value="card">My card</Tabs.Trigger>
        <Tabs.Trigger value="customers">Customers</Tabs.Trigger>
        <Tabs.Indicator />
      </Tabs.List>
      <Tabs.Content value="card">Card settings</Tabs.Content>
      <Tabs.Content value="customers">Customer list</Tabs.Content>
    </Tabs.Root>
  )
}

describe('Tabs', () => {
  it('shows the selected panel and switches on click', async () => {
    const { user } = renderUi(<LoyaltyTabs />)
    expect(screen.getByRole('tablist', { name: 'Loyalty' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'My card' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'My card' })).toHaveTextContent('Card settings')

    await user.click(screen.getByRole('tab', { name: 'Customers' }))
    expect(screen.getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Customers' })).toHaveTextContent('Customer list')
  })

  it('moves between tabs with the arrow keys (roving focus) and selects with Enter', async () => {
    const { user } = renderUi(<LoyaltyTabs />)
    await user.tab()
    expect(screen.getByRole('tab', { name: 'My card' })).toHaveFocus()
    // The unselected tab is out of the tab order: arrows move between tabs, Tab leaves the list.
    expect(screen.getByRole('tab', { name: 'Customers' })).toHaveAttribute('tabindex', '-1')
    await waitFor(() => expect(screen.getByRole('tablist')).toHaveAttribute('data-focus'))
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Customers' })).toHaveFocus())
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true'),
    )
    expect(screen.getByRole('tabpanel', { name: 'Customers' })).toHaveTextContent('Customer list')
  })
})
