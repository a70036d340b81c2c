// The demo pages (issue 8): the demo machine (which franchise: loading → ready | empty | failed →
// retry), and the read-only inputs the client list and the offers take to show that franchise: every
// list call names the demo franchise, and nothing can be created or edited.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  type ClientListEvent,
  clientCreateMachine,
  clientListMachine,
  clientQueryOf,
  type ListClientsInput,
  type ListClientsOutput,
  toClientListView,
} from '../../machines/client-list'
import { demoMachine, toDemoView } from '../../machines/demo'
import { loyaltyOffersMachine, toLoyaltyOffersView } from '../../machines/loyalty-offers'
import { ApiError } from '../../src/api/client'
import type { ClientPage } from '../../src/domain/clients'
import { DEMO } from '../support/demo-fixtures'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  leafStates,
  recordingActors,
  replayEachPath,
} from '../support/model'

const events = [
  { type: 'xstate.done.actor.loadDemo', output: DEMO },
  { type: 'xstate.done.actor.loadDemo', output: null },
  { type: 'xstate.error.actor.loadDemo', error: new ApiError(0, 'NETWORK_ERROR', 'down') },
  { type: 'demo.retry' },
]

describe('demo machine', () => {
  const paths = generatePaths(demoMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(demoMachine, paths)
    expect(leafStates(demoMachine).sort()).toEqual(['empty', 'failed', 'loading', 'ready'])
  })

  it('replays every path: one load on entry and one per retry, and the view says where it is', () => {
    expect(paths.length).toBeGreaterThanOrEqual(4)
    replayEachPath(demoMachine, paths, {
      actors: ['loadDemo'],
      check: ({ events, last, snapshot, calls }) => {
        const retries = events.filter((e) => e.type === 'demo.retry').length
        expect(calls).toHaveLength(1 + retries)
        const view = toDemoView(snapshot)
        expect([view.isLoading, view.isReady, view.isEmpty, view.isFailed].filter(Boolean)).toHaveLength(1)
        switch (last?.type) {
          case undefined:
          case 'demo.retry':
            expect(view).toMatchObject({ isLoading: true, demo: null, error: null })
            break
          case 'xstate.done.actor.loadDemo':
            if (last.output) expect(view).toMatchObject({ isReady: true, demo: DEMO, error: null })
            else expect(view).toMatchObject({ isEmpty: true, demo: null, error: null })
            break
          case 'xstate.error.actor.loadDemo':
            expect(view).toMatchObject({ isFailed: true, demo: null, error: 'demo.errors.load' })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('loads, fails, retries and lands on the demo franchise', () => {
    const calls: Calls = []
    const actor = createActor(
      demoMachine.provide({ actors: recordingActors(['loadDemo'], calls) as never }),
    ).start()
    expect(toDemoView(actor.getSnapshot()).isLoading).toBe(true)
    actor.send({ type: 'xstate.error.actor.loadDemo', error: new Error('down') } as never)
    expect(toDemoView(actor.getSnapshot())).toMatchObject({ isFailed: true, error: 'demo.errors.load' })
    actor.send({ type: 'demo.retry' })
    actor.send({ type: 'xstate.done.actor.loadDemo', output: DEMO } as never)
    expect(toDemoView(actor.getSnapshot())).toMatchObject({ isReady: true, demo: DEMO, error: null })
    // Ready and empty are final for the page: a stray retry does nothing.
    actor.send({ type: 'demo.retry' })
    expect(calls).toHaveLength(2)
  })

  it('says so when the server has no demo franchise', () => {
    const actor = createActor(
      demoMachine.provide({ actors: recordingActors(['loadDemo'], []) as never }),
    ).start()
    actor.send({ type: 'xstate.done.actor.loadDemo', output: null } as never)
    expect(toDemoView(actor.getSnapshot())).toMatchObject({ isEmpty: true, demo: null })
  })
})

const PAGE: ClientPage = { data: [], metadata: { page: 1, size: 25, total: 300 } }
const readOnlyInput = {
  location: '',
  params: { franchiseId: DEMO.franchise.id, readOnly: true, modelId: null },
}
const readOnlyCreate = {
  franchiseId: DEMO.franchise.id,
  country: 'FR' as const,
  storeId: null,
  readOnly: true,
}

describe('client list over a read-only franchise (the demo)', () => {
  const effects = () => ({ calls: [] as ListClientsInput[] })
  const harness = (e: ReturnType<typeof effects>) =>
    clientListMachine.provide({
      actors: {
        loadPage: fromPromise<ListClientsOutput, ListClientsInput>(({ input }) => {
          e.calls.push(input)
          return new Promise<never>(() => {})
        }),
        watchLocation: fromCallback(() => () => {}),
      },
    })
  // biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
  const eventsAt = (state: any): ClientListEvent[] => [
    { type: 'list.sort', field: 'points' },
    { type: 'list.filter', filter: { store: DEMO.stores[0]!.id } },
    { type: 'list.clear' },
    { type: 'list.retry' },
    {
      type: 'xstate.done.actor.loadPage',
      output: { requestId: state.context.requestId, page: PAGE },
    } as never,
    { type: 'xstate.error.actor.loadPage', error: new ApiError(500, 'INTERNAL', 'down') } as never,
  ]
  const paths = getShortestPaths(clientListMachine, {
    events: eventsAt as never,
    input: readOnlyInput as never,
    serializeState: (s) => {
      const { requestId: _r, ...context } = (s as { context: Record<string, unknown> }).context
      return JSON.stringify({ v: s.value, c: context })
    },
  })

  it('replays every path: each call names the demo franchise, no row opens a client', () => {
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths) {
      const e = effects()
      const actor = createActor(harness(e), { input: readOnlyInput }).start()
      for (const step of path.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expect(e.calls.length).toBeGreaterThanOrEqual(1)
      for (const call of e.calls) expect(clientQueryOf(call).franchiseId).toBe(DEMO.franchise.id)
      expect(toClientListView(snapshot)).toMatchObject({ canOpenClient: false })
    }
  })

  it('opens no create dialog', () => {
    const forms: unknown[] = []
    const creator = clientCreateMachine.provide({
      actors: {
        clientForm: fromPromise(({ input }) => {
          forms.push(input)
          return new Promise<never>(() => {})
        }) as never,
      },
    })
    const actor = createActor(creator, { input: readOnlyCreate }).start()
    expect(actor.getSnapshot().can({ type: 'client.create', search: '' })).toBe(false)
    actor.send({ type: 'client.create', search: '' })
    expect(forms).toEqual([])
    const own = createActor(creator, { input: { ...readOnlyCreate, readOnly: false } }).start()
    own.send({ type: 'client.create', search: '' })
    expect(forms).toHaveLength(1)
  })

  it('keeps the merchant’s own list as it was: no franchise in the call, links offered', () => {
    const e = effects()
    const input = { ...readOnlyInput, params: { ...readOnlyInput.params, readOnly: false } }
    const actor = createActor(harness(e), { input }).start()
    expect(clientQueryOf(e.calls[0]!)).not.toHaveProperty('franchiseId')
    expect(toClientListView(actor.getSnapshot())).toMatchObject({ canOpenClient: true })
  })
})

describe('offers of a read-only franchise (the demo)', () => {
  const MODEL = '00000000-0000-4000-8000-00000000de21'
  const input = { modelId: MODEL, canEdit: false, franchiseId: DEMO.franchise.id }
  const offerEvents = [
    { type: 'xstate.done.actor.loadOffers', output: [] },
    { type: 'xstate.error.actor.loadOffers', error: new Error('down') },
    { type: 'offers.retry' },
    { type: 'offers.showArchived', value: true },
    { type: 'offers.new' },
  ]

  it('replays every path: each load names the demo franchise and no dialog ever opens', () => {
    const paths = generatePaths(loyaltyOffersMachine, offerEvents, input)
    expect(paths.length).toBeGreaterThanOrEqual(3)
    replayEachPath(loyaltyOffersMachine, paths, {
      actors: ['loadOffers'],
      input,
      check: ({ events, last, snapshot, calls }) => {
        let includeArchived = false
        for (const e of events) if (e.type === 'offers.showArchived') includeArchived = e.value
        expect(calls.length).toBeGreaterThanOrEqual(1)
        for (const c of calls) {
          expect(Object.keys(c.input as object).sort()).toEqual(['franchiseId', 'includeArchived'])
          expect(c.input).toMatchObject({ franchiseId: DEMO.franchise.id })
        }
        expect(calls.at(-1)!.input).toEqual({ includeArchived, franchiseId: DEMO.franchise.id })
        const view = toLoyaltyOffersView(snapshot)
        expect(view).toMatchObject({ canEdit: false, dialog: null, includeArchived })
        // Whatever was asked, the page only loads, shows or fails: no dialog of a read-only franchise.
        switch (last?.type) {
          case undefined:
          case 'offers.retry':
          case 'offers.showArchived':
            expect(view.isLoading).toBe(true)
            break
          case 'xstate.done.actor.loadOffers':
            expect(view).toMatchObject({ isLoading: false, isEmpty: true })
            break
          case 'xstate.error.actor.loadOffers':
            expect(view).toMatchObject({ isLoading: false, isLoadFailed: true })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })
})
