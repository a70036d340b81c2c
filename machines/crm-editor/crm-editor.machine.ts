// The registration-form builder (issue 21; SPEC §3/§4 CRM field, §5 CRM, §8 CRM). Rules:
// - loading reads the form with its archived fields; a 404 falls back silently to the static fields
//   (§8), another failure shows fetchCrmFieldError with a retry. Loading clears the edited flag.
// - any change marks the form edited (`unsaved: dirty`); adding a field creates an active, non-required
//   field, selects it and marks the form edited. The static fields are locked.
// - archive hides a field but keeps its values; it can be unarchived, or, once archived in the saved
//   form, deleted for good after a confirmation that says how many clients have a value.
// - saving sends the merchant's fields whole with the version loaded: success 'pages.crm.success', a
//   newer version (409) says so and offers to reload, another failure saveFormError. An invalid form is
//   not sent: its errors show and its first invalid field is selected.
// - while edited, leaving is guarded (guardLeaving): the browser's warning on a reload or a closed tab,
//   and a link of the app asks first (`crm.leave`).
import { assign, raise, setup, stateIn } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { isFormValid, newCrmField, STATIC_CRM_FIELDS } from '../../src/domain/crm'
import { CRM_VERSION_CONFLICT, type CrmFormAnswer, type CrmValueCount } from '../../src/domain/crm-clients'
import { countValues, deleteField, guardLeaving, loadForm, saveForm } from './crm-editor.actors'
import {
  canMove,
  isCrmLimit,
  isMerchantField,
  merchantFields,
  moveField,
  ordered,
  updateField,
  withLimit,
  withType,
} from './crm-editor.fields'
import type { CrmEditorContext, CrmEditorEvent, CrmEditorInput } from './crm-editor.types'

export * from './crm-editor.types'

const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const hasField = (context: CrmEditorContext, event: CrmEditorEvent) =>
  'localId' in event && isMerchantField(context.fields, event.localId)
const fieldOf = (context: CrmEditorContext, localId: string) =>
  context.fields.find((f) => f.localId === localId)
const toast = (level: 'success' | 'error', id: string) => ({ type: 'notify', params: { level, id } }) as const

export const crmEditorMachine = setup({
  types: {
    input: {} as CrmEditorInput,
    context: {} as CrmEditorContext,
    events: {} as CrmEditorEvent,
  },
  // The real calls (src/api) and the page's leave guard (leave-guard.ts: warns on a reload and holds
  // back the app's links); tests and stories provide fakes.
  actors: { loadForm, saveForm, countValues, deleteField, guardLeaving },
  guards: {
    isMerchantField: ({ context, event }) => hasField(context, event),
    isNotFound: ({ event }) => errorOf(event)?.status === 404,
    isConflict: ({ event }) => errorOf(event)?.code === CRM_VERSION_CONFLICT,
    isFormValid: ({ context }) => isFormValid(context.fields),
    isEdited: stateIn({ ready: { unsaved: 'dirty' } }),
    canMove: ({ context, event }) =>
      event.type === 'field.move' && canMove(context.fields, event.localId, event.to),
    isArchived: ({ context, event }) =>
      'localId' in event && fieldOf(context, event.localId)?.status === 'ARCHIVED',
    isActive: ({ context, event }) =>
      'localId' in event && hasField(context, event) && fieldOf(context, event.localId)?.status === 'ACTIVE',
    // Archived in the draft and in the stored form: the server keeps values only for stored fields.
    canDelete: ({ context, event }) =>
      event.type === 'field.delete' &&
      fieldOf(context, event.localId)?.status === 'ARCHIVED' &&
      context.saved.some((f) => f.localId === event.localId && f.status === 'ARCHIVED'),
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: leaves the page, to `to` (a link followed) or back. */
    leavePage: (_, _params: { to: string | null }) => {},
    /** Provided by the app: the stored form changed (the CRM clients list asks again for its columns). */
    formSaved: () => {},
    /** Every change: the edited flag follows (the `unsaved` region). */
    markEdited: raise({ type: 'crm.edited' }),
    markClean: raise({ type: 'crm.clean' }),
    setForm: assign(({ event }) => {
      const form = outputOf<CrmFormAnswer>(event)
      const fields = ordered(form.fields)
      return {
        version: form.version,
        fields,
        saved: merchantFields(fields),
        selectedId: null,
        showErrors: false,
        error: null,
        conflictVersion: null,
      }
    }),
    // §8: no form yet (or none found) is the static fields alone, silently.
    setStaticForm: assign({
      version: 0,
      fields: () => STATIC_CRM_FIELDS.map((f) => ({ ...f, validation: { ...f.validation } })),
      saved: [],
      selectedId: null,
      showErrors: false,
      error: null,
    }),
    setLoadFailure: assign({ error: 'crm.fetchCrmFieldError' }),
    setSaved: assign(({ event }) => {
      const form = outputOf<CrmFormAnswer>(event)
      return {
        version: form.version,
        saved: merchantFields(form.fields),
        showErrors: false,
        conflictVersion: null,
      }
    }),
    setConflict: assign({
      conflictVersion: ({ context, event }) => {
        const v = errorOf(event)?.details?.version
        return typeof v === 'number' ? v : context.version + 1
      },
    }),
    clearConflict: assign({ conflictVersion: null }),
    addField: assign(({ context }) => {
      const field = newCrmField(context.fields)
      return { fields: [...context.fields, field], selectedId: field.localId }
    }),
    select: assign({
      selectedId: ({ context, event }) =>
        event.type === 'field.select' && fieldOf(context, event.localId) ? event.localId : context.selectedId,
    }),
    setLabel: assign({
      fields: ({ context, event }) =>
        event.type === 'field.label'
          ? updateField(context.fields, event.localId, (f) => ({ ...f, label: event.label }))
          : context.fields,
    }),
    setType: assign({
      fields: ({ context, event }) =>
        event.type === 'field.type'
          ? updateField(context.fields, event.localId, (f) => withType(f, event.fieldType))
          : context.fields,
    }),
    setRequired: assign({
      fields: ({ context, event }) =>
        event.type === 'field.required'
          ? updateField(context.fields, event.localId, (f) => ({
              ...f,
              validation: { ...f.validation, isRequired: event.isRequired },
            }))
          : context.fields,
    }),
    setLimit: assign({
      fields: ({ context, event }) =>
        event.type === 'field.limit'
          ? updateField(context.fields, event.localId, (f) =>
              isCrmLimit(f.validation.type, event.limit) ? withLimit(f, event.limit, event.value) : f,
            )
          : context.fields,
    }),
    archive: assign({
      fields: ({ context, event }) =>
        'localId' in event
          ? updateField(context.fields, event.localId, (f) => ({ ...f, status: 'ARCHIVED' }))
          : context.fields,
    }),
    unarchive: assign({
      fields: ({ context, event }) =>
        'localId' in event
          ? updateField(context.fields, event.localId, (f) => ({ ...f, status: 'ACTIVE' }))
          : context.fields,
    }),
    move: assign({
      fields: ({ context, event }) =>
        event.type === 'field.move' ? moveField(context.fields, event.localId, event.to) : context.fields,
    }),
    // The first invalid field is selected so that its errors are in view.
    showErrors: assign(({ context }) => {
      const invalid = context.fields.find((f) => !f.isStatic && !isFormValid([f]))
      return { showErrors: true, selectedId: invalid?.localId ?? context.selectedId }
    }),
    setTarget: assign({
      target: ({ context, event }) => {
        const f = 'localId' in event ? fieldOf(context, event.localId) : undefined
        return f ? { localId: f.localId, label: f.label } : null
      },
      valueCount: null,
    }),
    setCount: assign({ valueCount: ({ event }) => outputOf<CrmValueCount>(event).count }),
    clearTarget: assign({ target: null, valueCount: null }),
    // The field leaves the draft and the stored form; the draft's other changes stay as they were.
    removeTarget: assign(({ context, event }) => {
      const form = outputOf<CrmFormAnswer>(event)
      const gone = context.target?.localId
      return {
        version: form.version,
        saved: merchantFields(form.fields),
        fields: context.fields.filter((f) => f.localId !== gone),
        selectedId: context.selectedId === gone ? null : context.selectedId,
        target: null,
        valueCount: null,
      }
    }),
    setLeaveTo: assign({ leaveTo: ({ event }) => (event.type === 'crm.leave' ? (event.to ?? null) : null) }),
  },
}).createMachine({
  id: 'crmEditor',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    version: 0,
    fields: [],
    saved: [],
    selectedId: null,
    showErrors: false,
    error: null,
    conflictVersion: null,
    target: null,
    valueCount: null,
    leaveTo: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: { target: 'ready', actions: 'setForm' },
        onError: [
          { guard: 'isNotFound', target: 'ready', actions: 'setStaticForm' },
          { target: 'failed', actions: 'setLoadFailure' },
        ],
      },
    },
    failed: { on: { 'crm.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'field.add': { actions: ['addField', 'markEdited'] },
                'field.select': { actions: 'select' },
                'field.label': { guard: 'isMerchantField', actions: ['setLabel', 'markEdited'] },
                'field.type': { guard: 'isMerchantField', actions: ['setType', 'markEdited'] },
                'field.required': { guard: 'isMerchantField', actions: ['setRequired', 'markEdited'] },
                'field.limit': { guard: 'isMerchantField', actions: ['setLimit', 'markEdited'] },
                'field.archive': { guard: 'isActive', actions: ['archive', 'markEdited'] },
                'field.unarchive': { guard: 'isArchived', actions: ['unarchive', 'markEdited'] },
                'field.move': { guard: 'canMove', actions: ['move', 'markEdited'] },
                'field.delete': { guard: 'canDelete', target: 'counting', actions: 'setTarget' },
                'form.save': [
                  { guard: 'isFormValid', target: 'saving' },
                  { actions: ['showErrors', toast('error', 'crm.saveFormError')] },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'saveForm',
                src: 'saveForm',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId,
                  version: context.version,
                  fields: merchantFields(context.fields),
                }),
                onDone: {
                  target: 'idle',
                  actions: ['setSaved', toast('success', 'pages.crm.success'), 'markClean', 'formSaved'],
                },
                onError: [
                  { guard: 'isConflict', target: 'conflict', actions: 'setConflict' },
                  { target: 'idle', actions: toast('error', 'crm.saveFormError') },
                ],
              },
            },
            // Another tab saved first: reload (losing this draft) or keep it to copy from.
            conflict: {
              on: {
                'form.reload': '#crmEditor.loading',
                'conflict.dismiss': { target: 'idle', actions: 'clearConflict' },
              },
            },
            counting: {
              invoke: {
                id: 'countValues',
                src: 'countValues',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId,
                  localId: context.target!.localId,
                }),
                onDone: { target: 'confirmingDelete', actions: 'setCount' },
                onError: { target: 'idle', actions: ['clearTarget', toast('error', 'crm.delete.error')] },
              },
            },
            confirmingDelete: {
              on: {
                'delete.confirm': 'deleting',
                'delete.cancel': { target: 'idle', actions: 'clearTarget' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteField',
                src: 'deleteField',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId,
                  localId: context.target!.localId,
                  version: context.version,
                }),
                onDone: {
                  target: 'idle',
                  actions: ['removeTarget', toast('success', 'crm.delete.success'), 'formSaved'],
                },
                onError: [
                  { guard: 'isConflict', target: 'conflict', actions: ['clearTarget', 'setConflict'] },
                  { target: 'idle', actions: ['clearTarget', toast('error', 'crm.delete.error')] },
                ],
              },
            },
          },
        },
        unsaved: {
          initial: 'clean',
          states: {
            clean: { on: { 'crm.edited': 'dirty' } },
            dirty: {
              invoke: { id: 'guardLeaving', src: 'guardLeaving' },
              on: { 'crm.clean': 'clean' },
            },
          },
        },
        leave: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'crm.leave': [
                  { guard: 'isEdited', target: 'confirming', actions: 'setLeaveTo' },
                  {
                    actions: {
                      type: 'leavePage',
                      params: ({ event }) => ({ to: event.type === 'crm.leave' ? (event.to ?? null) : null }),
                    },
                  },
                ],
              },
            },
            confirming: {
              on: {
                'leave.confirm': {
                  target: 'idle',
                  actions: { type: 'leavePage', params: ({ context }) => ({ to: context.leaveTo }) },
                },
                'leave.cancel': 'idle',
                // Saved meanwhile: nothing is lost by leaving any more.
                'crm.clean': 'idle',
              },
            },
          },
        },
      },
    },
  },
})
