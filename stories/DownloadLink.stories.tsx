import type { Meta, StoryObj } from '@storybook/react-vite'
import { fromPromise } from 'xstate'
import { downloadMachine } from '../machines/download'
import { DownloadLink } from '../src/ui/DownloadLink'

/** The flow with its ticket answered offline: `fails` tickets refused first, then granted. */
function offline(fails: number) {
  let left = fails
  return downloadMachine.provide({
    actors: {
      downloadTicket: fromPromise(async () => {
        if (left-- > 0) throw new Error('offline')
        return { ticket: 'story-ticket', expiresAt: new Date(Date.now() + 60_000).toISOString() }
      }),
    },
    // A story opens nothing: the address it would open is written to the console.
    actions: { open: (_, p: { url: string }) => console.info('would open', p.url) },
  })
}

const meta = {
  title: 'Design system/DownloadLink',
  component: DownloadLink,
  args: { href: '/api/v2/exports/clients?sort=points', children: 'Export CSV', machine: offline(0) },
} satisfies Meta<typeof DownloadLink>

export default meta
type Story = StoryObj<typeof meta>

/** A click asks for a one-use ticket, then opens the address with it. */
export const Ready: Story = {}

/** The ticket could not be had: the link says so, and a second click tries again. */
export const FailsOnce: Story = { args: { machine: offline(1) } }
