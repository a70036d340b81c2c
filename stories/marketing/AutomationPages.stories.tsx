// Every state of the automated-marketing pages (issue 20), drawn from their machines' states.
import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type AutomationEditorContext,
  automationEditorMachine,
} from '../../machines/automation-editor/automation-editor.machine'
import { toAutomationEditorView } from '../../machines/automation-editor/automation-editor.view'
import {
  type AutomationListContext,
  automationListMachine,
} from '../../machines/automation-list/automation-list.machine'
import { toAutomationListView } from '../../machines/automation-list/automation-list.view'
import { formErrors, formOf } from '../../src/domain/automation-draft'
import { AutomationEditorPage } from '../../src/features/marketing/AutomationEditorPage'
import { AutomationListPage } from '../../src/features/marketing/AutomationListPage'
import {
  AUTOMATION_IDS,
  automation,
  BIRTHDAY_ON,
  FRANCHISE,
  USER,
} from '../../tests/support/automation-screens'

type ListValue = Parameters<typeof automationListMachine.resolveState>[0]['value']
type EditorValue = Parameters<typeof automationEditorMachine.resolveState>[0]['value']

const CARDS = [BIRTHDAY_ON, automation('LOST_CUSTOMER'), automation('NEW_CUSTOMER')]

function List({ value, over }: { value: ListValue; over: Partial<AutomationListContext> }) {
  const context: AutomationListContext = {
    franchiseId: FRANCHISE,
    userId: USER,
    automations: CARDS,
    monthRevenue: 4_500,
    totalRevenue: 123_450,
    togglingId: null,
    error: null,
    ...over,
  }
  const view = toAutomationListView(automationListMachine.resolveState({ value, context }))
  return <AutomationListPage view={view} send={() => {}} currency="EUR" />
}

const saved = formOf(BIRTHDAY_ON)
function Editor({
  value,
  over,
}: {
  value: EditorValue
  over: Partial<AutomationEditorContext & { leaveTo: string | null }>
}) {
  const context = {
    id: AUTOMATION_IDS.BIRTHDAY,
    userId: USER,
    type: 'BIRTHDAY' as const,
    optOut: 'STOP SMS: repondez STOP',
    stores: [
      { id: '22222222-2222-4222-8222-000000000001', name: 'Paris Marais' },
      { id: '22222222-2222-4222-8222-000000000002', name: 'Lyon' },
    ],
    detail: {
      automation: BIRTHDAY_ON,
      months: [
        { month: '2026-10', sent: 30, converted: 4 },
        { month: '2026-11', sent: 42, converted: 5 },
      ],
    },
    form: saved,
    saved,
    errors: {},
    showErrors: false,
    formError: null,
    notice: null,
    leaveTo: null,
    ...over,
  }
  const view = toAutomationEditorView(automationEditorMachine.resolveState({ value, context }))
  return <AutomationEditorPage view={view} send={() => {}} currency="EUR" />
}

const meta = {
  title: 'Pages/Marketing/List',
  component: List,
  args: { value: 'ready', over: {} },
} satisfies Meta<typeof List>
export default meta
type Story = StoryObj<typeof meta>

export const ListLoading: Story = { args: { value: 'loading', over: { automations: [] } } }
export const ListReady: Story = {}
export const ListToggling: Story = {
  args: { value: 'toggling', over: { togglingId: AUTOMATION_IDS.LOST_CUSTOMER } },
}
export const ListToggleRefused: Story = { args: { over: { error: 'automatedMarketing.errors.toggle' } } }
export const ListFailed: Story = { args: { value: 'failed', over: { automations: [] } } }

const smsForm = {
  ...saved,
  channel: 'SMS' as const,
  message: '',
  couponType: 'percentage' as const,
  couponValue: '150',
}
export const EditorLoading: StoryObj<typeof Editor> = {
  render: () => <Editor value="loading" over={{ detail: null }} />,
}
export const EditorEditing: StoryObj<typeof Editor> = { render: () => <Editor value="editing" over={{}} /> }
export const EditorErrorsShown: StoryObj<typeof Editor> = {
  render: () => (
    <Editor
      value="editing"
      over={{
        form: smsForm,
        showErrors: true,
        errors: formErrors(smsForm, 'BIRTHDAY', 'STOP SMS: repondez STOP'),
      }}
    />
  ),
}
const filteredForm = {
  ...saved,
  filters: { ...saved.filters, minAge: '40', maxAge: '25', clientsTypes: ['REGULAR_CUSTOMER' as const] },
}
/** The campaign editor's audience filters, with a range upside down refused on its field. */
export const EditorFilterErrors: StoryObj<typeof Editor> = {
  render: () => (
    <Editor
      value="editing"
      over={{
        form: filteredForm,
        showErrors: true,
        errors: formErrors(filteredForm, 'BIRTHDAY', 'STOP SMS: repondez STOP'),
      }}
    />
  ),
}
export const EditorSaving: StoryObj<typeof Editor> = { render: () => <Editor value="saving" over={{}} /> }
export const EditorSaved: StoryObj<typeof Editor> = {
  render: () => <Editor value="editing" over={{ notice: 'automatedMarketing.saved' }} />,
}
export const EditorSaveRefused: StoryObj<typeof Editor> = {
  render: () => <Editor value="editing" over={{ formError: 'automatedMarketing.errors.save' }} />,
}
export const EditorConfirmingLeave: StoryObj<typeof Editor> = {
  render: () => (
    <Editor
      value="confirmingLeave"
      over={{ form: { ...saved, message: 'Changed' }, leaveTo: '/pages/marketing/list' }}
    />
  ),
}
export const EditorLoadFailed: StoryObj<typeof Editor> = {
  render: () => <Editor value="loadFailed" over={{ detail: null }} />,
}
