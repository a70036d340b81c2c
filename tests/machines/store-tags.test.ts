import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { storeTagsMachine, toStoreTagsView } from '../../machines/store-tags'
import type { Tag, TagPage } from '../../src/domain/sale'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

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
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const machine = storeTagsMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
      const snap = actor.getSnapshot()
      for (const c of calls) {
        if (c.actor === 'saveTag')
          // The saved name is the loaded one, or the one a first save answered.
          expect(c.input).toMatchObject({ tagId: TAG.id, body: { resetDelay: 180 } })
        if (c.actor === 'createTag') expect(c.input).toEqual({ storeId: STORE, body: { name: 'Terrace' } })
        if (c.actor === 'copyText') expect(c.input).toEqual({ text: 'https://x.test/scan/abcdefghij' })
      }
      const view = toStoreTagsView(snap)
      if (view.canSave) expect(Object.keys(view.draftErrors)).toEqual([])
      // What the page must show after the path's last event, from the events alone.
      const last = path.steps.at(-1)!.event as { type: string; [k: string]: unknown }
      switch (last.type) {
        case 'xstate.init':
        case 'tags.retry':
          expect(view.isLoading).toBe(true)
          expect(calls.at(-1)?.actor).toBe('loadStoreTags')
          break
        case 'xstate.done.actor.loadStoreTags':
          expect(view).toMatchObject({ isLoading: false, isEmpty: false, canAct: true })
          expect(view.rows.map((r) => r.id)).toEqual([TAG.id])
          break
        case 'xstate.error.actor.loadStoreTags':
          expect(view).toMatchObject({ isFailed: true })
          expect(view.error).not.toBeNull()
          break
        case 'tags.edit':
          expect(view.draft).toMatchObject({ name: expect.any(String), resetDelay: '180' })
          expect(view.canSave).toBe(true)
          break
        case 'tags.change':
          // 5 seconds is under the §5 minimum: the form says so and cannot be saved.
          expect(view.draft).toMatchObject({ resetDelay: '5' })
          expect(view.draftErrors).toHaveProperty('resetDelay')
          expect(view.canSave).toBe(false)
          break
        case 'tags.save':
          expect(view.isSaving).toBe(true)
          expect(calls.at(-1)?.actor).toBe('saveTag')
          break
        case 'xstate.done.actor.saveTag':
          expect(view).toMatchObject({ isSaving: false, canAct: true, draft: null })
          expect(view.rows.find((r) => r.id === TAG.id)?.name).toBe('Bar')
          break
        case 'xstate.error.actor.saveTag':
          expect(view.isSaving).toBe(false)
          expect(view.draft).not.toBeNull()
          expect(notices.length).toBeGreaterThan(0)
          break
        case 'tags.cancel':
          expect(view).toMatchObject({ draft: null, canAct: true })
          break
        case 'tags.newName':
          expect(view).toMatchObject({ newName: last.value, canAdd: true })
          break
        case 'tags.add':
          expect(view.isCreating).toBe(true)
          expect(calls.at(-1)?.actor).toBe('createTag')
          break
        case 'xstate.done.actor.createTag':
          expect(view.isCreating).toBe(false)
          expect(view.rows.map((r) => r.name)).toContain('Terrace')
          expect(view.newName).toBe('')
          break
        case 'xstate.error.actor.createTag':
          expect(view).toMatchObject({ isCreating: false, newName: 'Terrace' })
          break
        case 'tags.copy':
          expect(calls.at(-1)?.actor).toBe('copyText')
          break
        case 'xstate.done.actor.copyText':
        case 'xstate.error.actor.copyText':
          expect(view.canAct).toBe(true)
          expect(notices.length).toBeGreaterThan(0)
          break
        default:
          throw new Error(`no expectation for ${last.type}`)
      }
      actor.stop()
    })
  })
})
