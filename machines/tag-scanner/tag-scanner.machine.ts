// The tag scanner screen (SPEC §2 /stores/:storeId/tags/:id/scanner, §1): the screen a store turns
// towards its customers, with the tag's QR code and the points waiting to be collected. It reads the
// tag's live state every POLL_INTERVAL (a sale injected at the counter, collected on a phone, reset)
// and ticks each second for the countdown. A failed first read retries on its own: nobody stands at
// this screen to press a button.
// The QR code carries the store's presence code (issue 16 #5), which changes every 30 seconds: the
// `code` region reads the next one when the server says the current one ends (CODE_REFRESH, by the
// server's clock, not the screen's), and a failed read keeps the last code (still accepted for one
// more window) and tries again after RETRY_DELAY.
import { assign, setup } from 'xstate'
import { TAG_SCANNER_POLL_MS, type TagDetail } from '../../src/domain/sale'
import type { PresenceCode } from '../../src/domain/scan'
import { loadCode, loadTag, ticker } from './tag-scanner.actors'

export const TAG_SCANNER_RETRY_MS = 5_000
/** Read the next code this long after the window changed, so that the server is surely in it. */
export const PRESENCE_REFRESH_MARGIN_MS = 500
/** Never read codes faster than this, whatever the server answers. */
export const PRESENCE_REFRESH_MIN_MS = 1_000

export type TagScannerInput = { tagId: string }
export type TagScannerContext = TagScannerInput & {
  tag: TagDetail | null
  /** The code the QR code carries; null until the first one is read. */
  presence: PresenceCode | null
  /** The last tick's time (ms). */
  now: number | null
  /** The last refresh failed: what shows may be out of date. */
  isStale: boolean
  /** The last code read failed: the code shown may be about to expire. */
  isCodeStale: boolean
}
export type TagScannerEvent = { type: 'scanner.tick'; now: number } | { type: 'scanner.retry' }

export const tagScannerMachine = setup({
  types: {
    input: {} as TagScannerInput,
    context: {} as TagScannerContext,
    events: {} as TagScannerEvent,
  },
  actors: {
    loadTag,
    loadCode,
    /** Sends `scanner.tick` with the time now, at once and then every second. */
    ticker,
  },
  delays: {
    POLL_INTERVAL: TAG_SCANNER_POLL_MS,
    RETRY_DELAY: TAG_SCANNER_RETRY_MS,
    CODE_REFRESH: ({ context }) =>
      Math.max(PRESENCE_REFRESH_MIN_MS, (context.presence?.refreshInMs ?? 0) + PRESENCE_REFRESH_MARGIN_MS),
  },
  actions: {
    setTag: assign({
      tag: ({ event }) => (event as unknown as { output: TagDetail }).output,
      isStale: false,
    }),
    markStale: assign({ isStale: true }),
    setCode: assign({
      presence: ({ event }) => (event as unknown as { output: PresenceCode }).output,
      isCodeStale: false,
    }),
    markCodeStale: assign({ isCodeStale: true }),
    tick: assign({ now: ({ event }) => (event.type === 'scanner.tick' ? event.now : null) }),
  },
}).createMachine({
  id: 'tagScanner',
  context: ({ input }) => ({
    ...input,
    tag: null,
    presence: null,
    now: null,
    isStale: false,
    isCodeStale: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTag',
        src: 'loadTag',
        input: ({ context }) => ({ tagId: context.tagId }),
        onDone: { target: 'live', actions: 'setTag' },
        onError: 'loadFailed',
      },
    },
    loadFailed: { after: { RETRY_DELAY: 'loading' }, on: { 'scanner.retry': 'loading' } },
    live: {
      type: 'parallel',
      invoke: { id: 'ticker', src: 'ticker' },
      on: { 'scanner.tick': { actions: 'tick' } },
      states: {
        tag: {
          initial: 'waiting',
          states: {
            waiting: { after: { POLL_INTERVAL: 'refreshing' } },
            // A failed refresh keeps the last state on screen (marked stale) and tries again next time.
            refreshing: {
              invoke: {
                id: 'loadTag',
                src: 'loadTag',
                input: ({ context }) => ({ tagId: context.tagId }),
                onDone: { target: 'waiting', actions: 'setTag' },
                onError: { target: 'waiting', actions: 'markStale' },
              },
            },
          },
        },
        code: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadCode',
                src: 'loadCode',
                input: ({ context }) => ({ tagId: context.tagId }),
                onDone: { target: 'showing', actions: 'setCode' },
                onError: { target: 'retrying', actions: 'markCodeStale' },
              },
            },
            showing: { after: { CODE_REFRESH: 'fetching' } },
            retrying: { after: { RETRY_DELAY: 'fetching' } },
          },
        },
      },
    },
  },
})
