// Model-based tests of the registration-form builder (issue 21, machines/crm-editor): paths generated
// with xstate/graph over loading, editing, archiving, deleting for good, saving (with its 409) and
// leaving, each replayed on the real machine; every path's end is checked for what the page must show
// there and for the calls it made — the rules of §4/§5/§8, not the machine replayed against itself.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  type CrmEditorEvent,
  type CrmEditorInput,
  crmEditorMachine,
  type SaveFormInput,
  toCrmEditorView,
} from '../../machines/crm-editor'
import { ApiError } from '../../src/api/client'
import { type CrmField, isFormValid, STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { CrmFormAnswer } from '../../src/domain/crm-clients'
import { crmField } from '../support/crm-fields'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors } from '../support/model'

const FID = '11111111-1111-4111-8111-111111111111'
const input: CrmEditorInput = { franchiseId: FID }
const BAKERY = crmField('field1', 'Favourite bakery')
const OLD = crmField('field2', 'Old question', { status: 'ARCHIVED' })
const FORM: CrmFormAnswer = { version: 3, fields: [...STATIC_CRM_FIELDS, BAKERY, OLD] }
const CONFLICT = new ApiError(409, 'CRM_FORM_VERSION_CONFLICT', 'newer', { version: 4 })
const DOWN = new ApiError(500, 'INTERNAL_ERROR', 'down')
const MISSING = new ApiError(404, 'NOT_FOUND', 'none')

type Effects = { calls: Calls; notices: string[]; left: (string | null)[] }
const noEffects = (): Effects => ({ calls: [], notices: [], left: [] })

function harness(effects: Effects) {
  return crmEditorMachine.provide({
    actors: {
      ...recordingActors(['loadForm', 'saveForm', 'countValues', 'deleteField'], effects.calls),
      guardLeaving: fromCallback(() => () => {}),
    } as never,
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      leavePage: (_, p: { to: string | null }) => effects.left.push(p.to),
    },
  })
}

const CHANGES = new Set([
  'field.add',
  'field.label',
  'field.type',
  'field.required',
  'field.limit',
  'field.archive',
  'field.unarchive',
  'field.move',
])

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const events = (state: any): CrmEditorEvent[] | object[] => {
  const own = (state.context.fields as CrmField[]).filter((f) => !f.isStatic)
  return [
    { type: 'xstate.done.actor.loadForm', output: FORM },
    { type: 'xstate.error.actor.loadForm', error: MISSING },
    { type: 'xstate.error.actor.loadForm', error: DOWN },
    { type: 'crm.retry' },
    // Bounded: the graph stays finite.
    ...(own.length < 3 ? [{ type: 'field.add' }] : []),
    { type: 'field.label', localId: 'firstName', label: 'Prénom' },
    { type: 'field.archive', localId: 'field1' },
    { type: 'field.unarchive', localId: 'field2' },
    { type: 'field.delete', localId: 'field2' },
    { type: 'xstate.done.actor.countValues', output: { localId: 'field2', count: 3 } },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    {
      type: 'xstate.done.actor.deleteField',
      output: { version: 4, fields: [...STATIC_CRM_FIELDS, BAKERY] },
    },
    { type: 'xstate.error.actor.deleteField', error: DOWN },
    { type: 'form.save' },
    { type: 'xstate.done.actor.saveForm', output: { version: 4, fields: FORM.fields } },
    { type: 'xstate.error.actor.saveForm', error: CONFLICT },
    { type: 'xstate.error.actor.saveForm', error: DOWN },
    { type: 'form.reload' },
    { type: 'conflict.dismiss' },
    { type: 'crm.leave', to: '/pages/loyalty' },
    { type: 'leave.confirm' },
    { type: 'leave.cancel' },
  ]
}

describe('crm-editor machine', () => {
  const paths = generatePaths(crmEditorMachine, events as never, input)

  it('reaches every state', () => {
    expectEveryStateReached(crmEditorMachine, paths)
  })

  it('on every path: the flag, the static fields, the calls and the messages follow the rules', () => {
    expect(paths.length).toBeGreaterThan(30)
    for (const path of paths) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      // Whether a change was made since the last load or save (what "edited" must say).
      let changed = false
      let lastChange: string | null = null
      for (const { event } of path.steps) {
        if (event.type === 'xstate.init') continue
        const before = actor.getSnapshot()
        actor.send(event as never)
        const after = actor.getSnapshot()
        if (after.context.fields !== before.context.fields && CHANGES.has(event.type)) {
          changed = true
          lastChange = event.type
        }
        if (!after.matches('ready') || event.type === 'xstate.done.actor.saveForm') changed = false
      }
      const snapshot = actor.getSnapshot()
      actor.stop()
      const view = toCrmEditorView(snapshot)
      const last = path.steps.at(-1)?.event.type

      // §4: any change marks the form edited; loading and saving clear the flag.
      if (snapshot.matches('ready')) expect(view.isEdited).toBe(changed)
      // The static fields stay first, whole and locked.
      if (snapshot.matches('ready')) expect(view.staticFields).toEqual(STATIC_CRM_FIELDS)
      // §4: a new field is active, not required, selected.
      if (last === 'field.add' && lastChange === 'field.add') {
        expect(view.selected).toMatchObject({ status: 'ACTIVE', isStatic: false, label: '' })
        expect(view.selected?.validation.isRequired).toBe(false)
      }
      // Only a valid form is sent, without its static fields, at the version loaded.
      for (const c of effects.calls.filter((c) => c.actor === 'saveForm')) {
        const sent = c.input as SaveFormInput
        expect(sent.franchiseId).toBe(FID)
        expect(sent.fields.some((f) => f.isStatic)).toBe(false)
        expect(isFormValid(sent.fields)).toBe(true)
        expect([0, 3, 4]).toContain(sent.version)
      }
      // Only a field archived in the stored form is counted and deleted, after a confirmation.
      for (const c of effects.calls.filter((c) => ['countValues', 'deleteField'].includes(c.actor)))
        expect(c.input).toMatchObject({ franchiseId: FID, localId: 'field2' })
      if (snapshot.matches({ ready: { form: 'confirmingDelete' } }))
        expect(view).toMatchObject({
          deleteTarget: { localId: 'field2', label: 'Old question' },
          valueCount: 3,
        })
      // §8 messages.
      if (last === 'xstate.done.actor.saveForm') expect(effects.notices.at(-1)).toBe('pages.crm.success')
      if (last === 'xstate.error.actor.saveForm' && snapshot.matches({ ready: { form: 'idle' } }))
        expect(effects.notices.at(-1)).toBe('crm.saveFormError')
      if (snapshot.matches({ ready: { form: 'conflict' } })) expect(view.conflictVersion).toBe(4)
      if (snapshot.matches('failed')) expect(view.error).toBe('crm.fetchCrmFieldError')
      // Leaving with unsaved changes asks first; without, the page is left at once.
      if (view.isLeaving) expect(view.isEdited).toBe(true)
      for (const to of effects.left) expect(to).toBe('/pages/loyalty')
    }
  }, 120_000)
})

describe('crm-editor scenarios', () => {
  const start = () => {
    const effects = noEffects()
    const actor = createActor(harness(effects), { input }).start()
    const send = (e: CrmEditorEvent | { type: string; [k: string]: unknown }) => actor.send(e as never)
    return { actor, effects, send, view: () => toCrmEditorView(actor.getSnapshot()) }
  }

  it('falls back silently to the static fields on a 404 and says fetchCrmFieldError otherwise', () => {
    const a = start()
    a.send({ type: 'xstate.error.actor.loadForm', error: MISSING })
    expect(a.view()).toMatchObject({ isReady: true, staticFields: STATIC_CRM_FIELDS, active: [], version: 0 })
    expect(a.effects.notices).toEqual([])
    const b = start()
    b.send({ type: 'xstate.error.actor.loadForm', error: DOWN })
    expect(b.view()).toMatchObject({ isFailed: true, error: 'crm.fetchCrmFieldError' })
    b.send({ type: 'crm.retry' })
    expect(b.effects.calls.filter((c) => c.actor === 'loadForm')).toHaveLength(2)
  })

  it('a NUMBER field with its minimum above its maximum shows the error and is not saved', () => {
    const { send, view, effects } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    send({ type: 'field.add' })
    const id = view().selected!.localId
    send({ type: 'field.label', localId: id, label: 'Children' })
    send({ type: 'field.type', localId: id, fieldType: 'NUMBER' })
    send({ type: 'field.limit', localId: id, limit: 'min', value: '10' })
    send({ type: 'field.limit', localId: id, limit: 'max', value: '5' })
    expect(view().errors[id]).toEqual({ min: 'crm.rules.minAboveMax' })
    send({ type: 'form.save' })
    expect(effects.calls.some((c) => c.actor === 'saveForm')).toBe(false)
    expect(effects.notices).toEqual(['crm.saveFormError'])
    send({ type: 'field.limit', localId: id, limit: 'max', value: '12' })
    expect(view().errors[id]).toBeUndefined()
    send({ type: 'form.save' })
    const sent = effects.calls.find((c) => c.actor === 'saveForm')!.input as SaveFormInput
    expect(sent.fields.map((f) => f.localId)).toEqual(['field1', 'field2', id])
    expect(sent.fields[2]!.validation).toEqual({ type: 'NUMBER', isRequired: false, min: 10, max: 12 })
  })

  it('changing the type drops the former limits; an empty label shows once a save was tried', () => {
    const { send, view } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    send({ type: 'field.limit', localId: 'field1', limit: 'maxLength', value: '20' })
    send({ type: 'field.type', localId: 'field1', fieldType: 'DATE' })
    expect(view().active[0]!.validation).toEqual({ type: 'DATE', isRequired: false })
    send({ type: 'field.add' })
    const id = view().selected!.localId
    expect(view().errors[id]).toBeUndefined()
    send({ type: 'form.save' })
    expect(view().errors[id]).toEqual({ label: 'crm.rules.labelRequired' })
  })

  it('moves fields by position among the merchant fields, never above the static ones', () => {
    const { send, view } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    send({ type: 'field.move', localId: 'field2', to: 0 })
    expect(view().archived[0]!.localId).toBe('field2')
    expect(view().positionOf('field2')).toBe(0)
    expect(view().isEdited).toBe(true)
    send({ type: 'field.move', localId: 'firstName', to: 1 })
    send({ type: 'field.move', localId: 'field1', to: 5 })
    expect([view().positionOf('field2'), view().positionOf('field1')]).toEqual([0, 1])
    expect(view().staticFields).toEqual(STATIC_CRM_FIELDS)
  })

  it('a newer version (409) says so; reloading takes the stored form and clears the flag', () => {
    const { send, view, effects } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    send({ type: 'field.label', localId: 'field1', label: 'Boulangerie préférée' })
    send({ type: 'form.save' })
    send({ type: 'xstate.error.actor.saveForm', error: CONFLICT })
    expect(view()).toMatchObject({ conflictVersion: 4, isEdited: true })
    send({ type: 'form.reload' })
    expect(view().isLoading).toBe(true)
    send({ type: 'xstate.done.actor.loadForm', output: { ...FORM, version: 4 } })
    expect(view()).toMatchObject({ isEdited: false, version: 4, conflictVersion: null })
    expect(effects.calls.filter((c) => c.actor === 'loadForm')).toHaveLength(2)
  })

  it('deletes an archived field for good after saying how many clients have a value', () => {
    const { send, view, effects } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    // An active field, or one archived only in the draft, is not deleted.
    send({ type: 'field.delete', localId: 'field1' })
    send({ type: 'field.archive', localId: 'field1' })
    send({ type: 'field.delete', localId: 'field1' })
    expect(view().deleteTarget).toBeNull()
    send({ type: 'field.delete', localId: 'field2' })
    send({ type: 'xstate.done.actor.countValues', output: { localId: 'field2', count: 3 } })
    expect(view()).toMatchObject({ deleteTarget: { localId: 'field2' }, valueCount: 3 })
    send({ type: 'delete.confirm' })
    expect(effects.calls.at(-1)).toEqual({
      actor: 'deleteField',
      input: { franchiseId: FID, localId: 'field2', version: 3 },
    })
    send({
      type: 'xstate.done.actor.deleteField',
      output: { version: 4, fields: [...STATIC_CRM_FIELDS, BAKERY] },
    })
    // Gone from the form; the draft's own change (field1 archived) is still unsaved.
    expect(view()).toMatchObject({ archived: [{ localId: 'field1' }], version: 4, isEdited: true })
    expect(effects.notices).toEqual(['crm.delete.success'])
  })

  it('leaving with unsaved changes asks first; without, it leaves at once', () => {
    const { send, view, effects } = start()
    send({ type: 'xstate.done.actor.loadForm', output: FORM })
    send({ type: 'crm.leave', to: '/pages/loyalty' })
    expect(effects.left).toEqual(['/pages/loyalty'])
    send({ type: 'field.unarchive', localId: 'field2' })
    send({ type: 'crm.leave', to: '/pages/franchise' })
    expect(view().isLeaving).toBe(true)
    send({ type: 'leave.cancel' })
    expect(effects.left).toHaveLength(1)
    send({ type: 'crm.leave', to: '/pages/franchise' })
    send({ type: 'leave.confirm' })
    expect(effects.left).toEqual(['/pages/loyalty', '/pages/franchise'])
  })
})
