import type { Meta, StoryObj } from '@storybook/react-vite'
import { type CrmEditorContext, crmEditorMachine } from '../../machines/crm-editor/crm-editor.machine'
import { toCrmEditorView } from '../../machines/crm-editor/crm-editor.view'
import { CrmBuilder } from '../../src/features/crm/CrmBuilder'
import { FID, FORM_FIELDS, MERCHANT_FIELDS } from './fixtures'

type Value = Parameters<typeof crmEditorMachine.resolveState>[0]['value']

/** The builder as the machine shows it at a state (nothing is sent anywhere). */
function Builder({ value, over }: { value: Value; over: Partial<CrmEditorContext> }) {
  const context: CrmEditorContext = {
    franchiseId: FID,
    version: 3,
    fields: FORM_FIELDS,
    saved: MERCHANT_FIELDS,
    selectedId: 'field1',
    showErrors: false,
    error: null,
    conflictVersion: null,
    target: null,
    valueCount: null,
    leaveTo: null,
    ...over,
  }
  const view = toCrmEditorView(crmEditorMachine.resolveState({ value, context }))
  return <CrmBuilder view={view} send={() => {}} />
}

const ready = { ready: { form: 'idle', unsaved: 'clean', leave: 'idle' } } as const
const edited = { ready: { form: 'idle', unsaved: 'dirty', leave: 'idle' } } as const

const meta = {
  title: 'Pages/CRM/Builder',
  component: Builder,
  args: { value: ready, over: {} },
} satisfies Meta<typeof Builder>

export default meta
type Story = StoryObj<typeof meta>

export const Saved: Story = {}
export const Loading: Story = { args: { value: 'loading', over: { fields: [] } } }
export const LoadFailed: Story = { args: { value: 'failed', over: { error: 'crm.fetchCrmFieldError' } } }
/** A NUMBER field whose minimum is above its maximum (§5): marked, its error by the field. */
export const MinAboveMax: Story = {
  args: {
    value: edited,
    over: {
      selectedId: 'field2',
      fields: FORM_FIELDS.map((f) =>
        f.localId === 'field2'
          ? { ...f, isValid: false, validation: { ...f.validation, min: 20, max: 12 } }
          : f,
      ),
    },
  },
}
export const Saving: Story = {
  args: { value: { ready: { form: 'saving', unsaved: 'dirty', leave: 'idle' } } },
}
export const NewerVersion: Story = {
  args: {
    value: { ready: { form: 'conflict', unsaved: 'dirty', leave: 'idle' } },
    over: { conflictVersion: 4 },
  },
}
export const ConfirmDelete: Story = {
  args: {
    value: { ready: { form: 'confirmingDelete', unsaved: 'clean', leave: 'idle' } },
    over: { target: { localId: 'field3', label: 'Loyalty card colour' }, valueCount: 12 },
  },
}
export const LeaveWithUnsavedChanges: Story = {
  args: { value: { ready: { form: 'idle', unsaved: 'dirty', leave: 'confirming' } } },
}
