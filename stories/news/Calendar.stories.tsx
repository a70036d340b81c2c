import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type OffersCalendarContext,
  offersCalendarMachine,
} from '../../machines/offers-calendar/offers-calendar.machine'
import { toOffersCalendarView } from '../../machines/offers-calendar/offers-calendar.view'
import { CalendarPage } from '../../src/features/news/CalendarPage'
import { CALENDAR, FID, STORES } from './fixtures'

function at(
  value: 'loading' | 'failed' | { ready: 'browsing' | 'open' },
  over: Partial<OffersCalendarContext> = {},
) {
  const context: OffersCalendarContext = {
    franchiseId: FID,
    today: '2026-11-25',
    stores: STORES,
    view: 'month',
    anchor: '2026-11-25',
    storeId: null,
    answer: CALENDAR,
    selected: null,
    ...over,
  }
  return toOffersCalendarView(offersCalendarMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/News/Offers calendar',
  component: CalendarPage,
  parameters: { layout: 'padded' },
  args: { view: at({ ready: 'browsing' }), send: () => {} },
} satisfies Meta<typeof CalendarPage>

export default meta
type Story = StoryObj<typeof meta>

export const Month: Story = {}
export const Week: Story = { args: { view: at({ ready: 'browsing' }, { view: 'week' }) } }
export const OneStore: Story = { args: { view: at({ ready: 'browsing' }, { storeId: STORES[1]!.id }) } }
export const Loading: Story = { args: { view: at('loading', { answer: null }) } }
export const Failed: Story = { args: { view: at('failed', { answer: null }) } }
export const EventOpen: Story = {
  args: { view: at({ ready: 'open' }, { selected: CALENDAR.events[0]! }) },
}
