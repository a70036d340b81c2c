import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type ClientListContext,
  clientListMachine,
  toClientListView,
} from '../../machines/client-list/client-list.list'
import { DEFAULT_QUERY } from '../../machines/client-list/query'
import { type DemoContext, demoMachine } from '../../machines/demo/demo.machine'
import { toDemoView } from '../../machines/demo/demo.view'
import type { DemoFranchise } from '../../src/domain/demo'
import { ClientListPage } from '../../src/features/clients/ClientListPage'
import { DemoPage } from '../../src/features/demo/DemoPage'
import { demo as clients } from '../../tests/support/clients-backend'
import { DEMO } from '../../tests/support/demo-fixtures'

function at(value: 'loading' | 'ready' | 'empty' | 'failed', over: Partial<DemoContext> = {}) {
  const context: DemoContext = { demo: null, error: null, ...over }
  return toDemoView(demoMachine.resolveState({ value, context }))
}

/** The demo's client list, read-only: no "create client", names that do not open a client. */
function readOnlyClients(demo: DemoFranchise) {
  const rows = Array.from({ length: clients.count }, (_, i) => clients.row(i + 1))
  const context: ClientListContext = {
    query: DEFAULT_QUERY,
    searchInput: '',
    rows,
    total: 300,
    extra: { totalIsLowerBound: false },
    error: null,
    errorStatus: null,
    requestId: 1,
    params: { franchiseId: demo.franchise.id, readOnly: true, modelId: null },
  }
  const view = toClientListView(
    clientListMachine.resolveState({ value: { list: 'ready', search: 'idle' }, context }),
  )
  return (
    <ClientListPage view={view} send={() => {}} stores={demo.stores} currency={demo.franchise.currencyCode} />
  )
}

const meta = {
  title: 'Pages/Demo',
  component: DemoPage,
  parameters: { layout: 'fullscreen' },
  args: { view: at('ready', { demo: DEMO }), send: () => {}, children: readOnlyClients },
} satisfies Meta<typeof DemoPage>

export default meta
type Story = StoryObj<typeof meta>

/** The demo franchise is known: its banner, then the screen (here /pages/demo/clients) over it. */
export const Ready: Story = {}

/** GET /api/v2/demo on its way. */
export const Loading: Story = { args: { view: at('loading') } }

/** The server has no demo franchise (404 DEMO_NOT_FOUND). */
export const Empty: Story = { args: { view: at('empty') } }

/** The call failed: the message and a retry. */
export const Failed: Story = { args: { view: at('failed', { error: 'demo.errors.load' }) } }
