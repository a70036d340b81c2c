// The one clock (issue 34): the note a page shows when the franchise's zone is not the browser's, and the
// values it formats there. A zone no browser runs Storybook in (Pago Pago, UTC-11) shows the note.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { css } from 'styled-system/css'
import { browserZone, ClockProvider, ClockZoneNote, useClock } from '../src/ui/i18n/clock'

const AT = '2026-11-21T09:00:00.000Z'

function Values() {
  const clock = useClock()
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <ClockZoneNote />
      <span>{clock.dateTime(AT)}</span>
      <span>{clock.dateTime(AT, { seconds: true })}</span>
      <span>{clock.longDate(AT)}</span>
    </div>
  )
}

const meta = {
  title: 'Design system/Clock',
  component: ClockProvider,
  args: { timeZone: 'Pacific/Pago_Pago', children: <Values /> },
} satisfies Meta<typeof ClockProvider>

export default meta
type Story = StoryObj<typeof meta>

/** The franchise is elsewhere: its day and clock, and the note saying whose they are. */
export const FranchiseElsewhere: Story = {}

/** The franchise's zone is the browser's: the same values, no note. */
export const SameZone: Story = { args: { timeZone: browserZone() } }
