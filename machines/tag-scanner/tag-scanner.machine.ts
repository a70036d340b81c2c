// The tag scanner screen (SPEC §2 /stores/:storeId/tags/:id/scanner, §1): the screen a store turns
// towards its customers, with the tag's QR code and the points waiting to be collected. It reads the
// tag's live state every POLL_INTERVAL (a sale injected at the counter, collected on a phone, reset)
// and ticks each second for the countdown. A failed first read retries on its own: nobody stands at
// this screen to press a button.
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { TAG_SCANNER_POLL_MS, type TagDetail } from '../../src/domain/sale'

export const TAG_SCANNER_RETRY_MS = 5_000

export type TagScannerInput = { tagId: string }
export type TagScannerContext = TagScannerInput & {
  tag: TagDetail | null
  /** The last tick's time (ms). */
  now: number | null
  /** The last refresh failed: what shows may be out of date. */
  isStale: boolean
}
export type TagScannerEvent = { type: 'scanner.tick'; now: number } | { type: 'scanner.retry' }

export const tagScannerMachine = setup({
  types: {
    input: {} as TagScannerInput,
    context: {} as TagScannerContext,
    events: {} as TagScannerEvent,
  },
  actors: {
    loadTag: fromPromise<TagDetail, { tagId: string }>(async () => {
      throw new Error('loadTag not provided')
    }),
    /** Sends `scanner.tick` with the time now, at once and then every second. */
    ticker: fromCallback(() => () => {}),
  },
  delays: { POLL_INTERVAL: TAG_SCANNER_POLL_MS, RETRY_DELAY: TAG_SCANNER_RETRY_MS },
  actions: {
    setTag: assign({
      tag: ({ event }) => (event as unknown as { output: TagDetail }).output,
      isStale: false,
    }),
    markStale: assign({ isStale: true }),
    tick: assign({ now: ({ event }) => (event.type === 'scanner.tick' ? event.now : null) }),
  },
}).createMachine({
  id: 'tagScanner',
  context: ({ input }) => ({ ...input, tag: null, now: null, isStale: false }),
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
      invoke: { id: 'ticker', src: 'ticker' },
      on: { 'scanner.tick': { actions: 'tick' } },
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
  },
})
