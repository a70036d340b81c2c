import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { storeTagsMachine, toStoreTagsView } from '../../machines/store-tags'
import type { Tag, TagPage } from '../../src/domain/sale'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors } from '../support/model'

const STORE = '22222222-2222-4222-8222-222222222222'
const TAG: Tag = {
  id: '33333333-3333-4333-8333-000000000001',
  tagId: 'abcdefghij',
  name: 'Counter',
  storeId: STORE,
  passages: 2,
  resetDelay: 180,
  manualPointsInfo: null,
}
const PAGE: TagPage = { data: [TAG], metadata: { page: 1, size: 1, total: 1 } }
const input = {
  franchiseId: '11111111-1111-4111-8111-111111111111',
  storeId: STORE,
  origin: 'https://x.test',
}
const ACTORS = ['loadStoreTags', 'saveTag', 'createTag', 'copyText']

const events = [
  { type: 'xstate.done.actor.loadStoreTags', output: PAGE },
  { type: 'xstate.error.actor.loadStoreTags', error: new Error('down') },
  { type: 'tags.retry' },
  { type: 'tags.edit', tagId: TAG.id },
  { type: 'tags.change', field: 'resetDelay', value: '5' },
  { type: 'tags.save' },
  { type: 'xstate.done.actor.saveTag', output: { ...TAG, name: 'Bar' } },
  { type: 'xstate.error.actor.saveTag', error: new Error('500') },
  { type: 'tags.cancel' },
  { type: 'tags.newName', value: 'Terrace' },
  { type: 'tags.add' },
  { type: 'xstate.done.actor.createTag', output: { ...TAG, id: 'new', name: 'Terrace' } },
  { type: 'xstate.error.actor.createTag', error: new Error('500') },
  { type: 'tags.copy', tagId: TAG.id },
  { type: 'xstate.done.actor.copyText' },
  { type: 'xstate.error.actor.copyText', error: new Error('denied') },
]

describe('store-tags machine', () => {
  const paths = generatePaths(storeTagsMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(storeTagsMachine, paths)
  })

  it('replays every path: saves only a valid form, adds only a named tag, copies the scan link', () => {
    for (const path of paths) {
      const calls: Calls = []
      const notices: string[] = []
      const machine = storeTagsMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
      const snap = actor.getSnapshot()
      expect(snap.value).toEqual(path.state.value)
      for (const c of calls) {
        if (c.actor === 'saveTag')
          // The saved name is the loaded one, or the one a first save answered.
          expect(c.input).toMatchObject({ tagId: TAG.id, body: { resetDelay: 180 } })
        if (c.actor === 'createTag') expect(c.input).toEqual({ storeId: STORE, body: { name: 'Terrace' } })
        if (c.actor === 'copyText') expect(c.input).toEqual({ text: 'https://x.test/scan/abcdefghij' })
      }
      const view = toStoreTagsView(snap)
      if (view.canSave) expect(Object.keys(view.draftErrors)).toEqual([])
      actor.stop()
    }
  })
})
