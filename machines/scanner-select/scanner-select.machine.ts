// The scanner button's dialog (SPEC §1, §8 "Scanner selector"): stores with the scanner enabled pick
// one of the current store's tags, which opens its scanner screen (/stores/:storeId/tags/:id/scanner)
// in a new tab, the one a store turns towards its customers while the back office stays open here.
// Errors: fetchTagsError (retry); a store without tags (404) says noTags with the noTagsMessage warning.
import { assign, setup } from 'xstate'
import { type Tag, type TagPage, tagScannerPath } from '../../src/domain/sale'
import { loadTags } from './scanner-select.actors'

export type ScannerSelectInput = { franchiseId: string | null; storeId: string | null }
export type ScannerSelectContext = ScannerSelectInput & { tags: Tag[]; error: string | null }
export type ScannerSelectEvent =
  | { type: 'scanner.open' }
  | { type: 'scanner.close' }
  | { type: 'scanner.retry' }
  | { type: 'scanner.choose'; tagId: string }

export const scannerSelectMachine = setup({
  types: {
    input: {} as ScannerSelectInput,
    context: {} as ScannerSelectContext,
    events: {} as ScannerSelectEvent,
  },
  actors: {
    loadTags,
  },
  actions: {
    /** A new tab: the scanner faces the customers while the back office stays open in this one. */
    openScanner: (_, p: { storeId: string; tagId: string }) =>
      window.open(tagScannerPath(p.storeId, p.tagId), '_blank', 'noopener'),
    setTags: assign({ tags: ({ event }) => (event as unknown as { output: TagPage }).output.data }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasStore: ({ context }) => context.storeId !== null && context.franchiseId !== null,
    hasNoTags: ({ event }) => (event as unknown as { output: TagPage }).output.data.length === 0,
    isListedTag: ({ context, event }) =>
      event.type === 'scanner.choose' && context.tags.some((t) => t.id === event.tagId),
  },
}).createMachine({
  id: 'scannerSelect',
  context: ({ input }) => ({ ...input, tags: [], error: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'scanner.open': 'open' } },
    open: {
      on: { 'scanner.close': 'closed' },
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasStore', target: 'loading' }, { target: 'noStore' }] },
        noStore: {},
        loading: {
          entry: 'clearError',
          invoke: {
            id: 'loadTags',
            src: 'loadTags',
            input: ({ context }) => ({ franchiseId: context.franchiseId!, storeId: context.storeId! }),
            onDone: [
              { guard: 'hasNoTags', target: 'noTags', actions: 'setTags' },
              { target: 'choosing', actions: 'setTags' },
            ],
            onError: {
              target: 'loadFailed',
              actions: { type: 'setError', params: { id: 'dialogs.selectScanner.fetchTagsError' } },
            },
          },
        },
        loadFailed: { on: { 'scanner.retry': 'loading' } },
        noTags: {},
        choosing: {
          on: {
            'scanner.choose': {
              guard: 'isListedTag',
              target: '#scannerSelect.closed',
              actions: {
                type: 'openScanner',
                params: ({ context, event }) => ({
                  storeId: context.storeId!,
                  tagId: event.type === 'scanner.choose' ? event.tagId : '',
                }),
              },
            },
          },
        },
      },
    },
  },
})
