// Creating a client from the client list (SPEC §8): its own machine beside the list
// (machines/client-list/client-create.machine.ts). The search text prefills the form; a saved client
// opens; nothing is offered on the demo or without a franchise.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { clientCreateMachine, DEFAULT_QUERY } from '../../machines/client-list'
import type { ClientDetail } from '../../src/domain/clients'
import { createClientsBackend, FRANCHISE_ID, STORE_1 } from '../support/clients-backend'

const backend = createClientsBackend()
const [first] = (await backend.list({ ...DEFAULT_QUERY, size: 1 })).data
const CREATED = (await backend.detail(FRANCHISE_ID, first!.id)) as ClientDetail

describe('creating a client from the list', () => {
  const start = (over: { readOnly?: boolean; franchiseId?: string | null } = {}) => {
    const effects = { opened: [] as string[], notices: [] as string[], forms: [] as unknown[] }
    const machine = clientCreateMachine.provide({
      actors: {
        clientForm: fromPromise(({ input }) => {
          effects.forms.push(input)
          return new Promise<never>(() => {})
        }) as never,
      },
      actions: {
        openClient: (_, p: { id: string }) => effects.opened.push(p.id),
        notify: (_, p: { id: string }) => effects.notices.push(p.id),
      },
    })
    const actor = createActor(machine, {
      input: { franchiseId: FRANCHISE_ID, country: 'FR', storeId: STORE_1, ...over },
    }).start()
    return { actor, effects }
  }

  it('opens the form with what was searched, then opens the saved client', () => {
    const { actor, effects } = start()
    actor.send({ type: 'client.create', search: '0612345678' })
    expect(effects.forms).toEqual([
      expect.objectContaining({
        mode: 'create',
        franchiseId: FRANCHISE_ID,
        storeId: STORE_1,
        values: expect.objectContaining({ phone: '0612345678', firstName: '' }),
      }),
    ])
    actor.send({ type: 'xstate.done.actor.clientForm', output: { client: CREATED } } as never)
    expect(effects.opened).toEqual([CREATED.id])
    expect(effects.notices).toEqual(['pages.clients.createClient.success'])
    expect(actor.getSnapshot().matches('closed')).toBe(true)
  })

  it('closes without opening anything when the form is cancelled', () => {
    const { actor, effects } = start()
    actor.send({ type: 'client.create', search: '' })
    actor.send({ type: 'xstate.done.actor.clientForm', output: { client: null } } as never)
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    expect(effects).toMatchObject({ opened: [], notices: [] })
  })

  it('offers no creation on a read-only franchise (the demo) nor without a franchise', () => {
    for (const over of [{ readOnly: true }, { franchiseId: null }]) {
      const { actor, effects } = start(over)
      expect(actor.getSnapshot().can({ type: 'client.create', search: '' })).toBe(false)
      actor.send({ type: 'client.create', search: 'marie' })
      expect(effects.forms).toEqual([])
    }
  })
})
