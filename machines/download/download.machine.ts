// Opening a download link (issue 34): a link cannot send the Authorization header and an access token
// in an address stays in proxies' logs, so a click first asks for a one-use, one-minute ticket
// (src/domain/downloads.ts), then opens the address with the ticket. A failure says so, with retry.
import { assign, setup } from 'xstate'
import { withTicket } from '../../src/domain/downloads'
import { downloadTicket } from './download.actors'

export type DownloadTicketOutput = { ticket: string; expiresAt: string }

export type DownloadContext = { href: string | null }

export type DownloadEvent = { type: 'download.start'; href: string } | { type: 'download.retry' }

export const downloadMachine = setup({
  types: { context: {} as DownloadContext, events: {} as DownloadEvent },
  actors: { downloadTicket },
  guards: { hasHref: ({ context }) => context.href !== null },
  actions: {
    remember: assign({ href: (_, params: { href: string }) => params.href }),
    /** Follows the address; the server answers an attachment, so the page stays where it is. */
    open: (_, params: { url: string }) => {
      window.location.assign(params.url)
    },
  },
}).createMachine({
  id: 'download',
  context: { href: null },
  initial: 'idle',
  on: {
    'download.start': {
      target: '.ticketing',
      actions: {
        type: 'remember',
        params: ({ event }) => ({ href: event.href }),
      },
    },
  },
  states: {
    idle: {},
    ticketing: {
      invoke: {
        id: 'downloadTicket',
        src: 'downloadTicket',
        onDone: {
          target: 'idle',
          actions: {
            type: 'open',
            params: ({ context, event }) => ({
              url: withTicket(context.href ?? '', event.output.ticket),
            }),
          },
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'download.retry': { guard: 'hasHref', target: 'ticketing' } },
    },
  },
})
