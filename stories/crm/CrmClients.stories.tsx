import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type CrmClientsContext,
  crmClientsMachine,
  toCrmClientsView,
} from '../../machines/crm-clients/crm-clients.list'
import { DEFAULT_CRM_QUERY } from '../../machines/crm-clients/query'
import { CrmClientsList } from '../../src/features/crm/CrmClientsList'
import { FID, FORM_FIELDS, ROWS } from './fixtures'

type Value = Parameters<typeof crmClientsMachine.resolveState>[0]['value']

function List({ value, over }: { value: Value; over: Partial<CrmClientsContext> }) {
  const context: CrmClientsContext = {
    query: DEFAULT_CRM_QUERY,
    searchInput: '',
    requestId: 1,
    params: { franchiseId: FID },
    rows: ROWS,
    extra: { fields: FORM_FIELDS.filter((f) => f.status === 'ACTIVE') },
    total: ROWS.length,
    error: null,
    errorStatus: null,
    ...over,
  }
  const view = toCrmClientsView(crmClientsMachine.resolveState({ value, context }))
  return <CrmClientsList view={view} send={() => {}} exportHref="#export" />
}

const meta = {
  title: 'Pages/CRM/Clients',
  component: List,
  args: { value: { list: 'ready', search: 'idle' }, over: {} },
} satisfies Meta<typeof List>

export default meta
type Story = StoryObj<typeof meta>

export const WithAnswers: Story = {}
export const FilteredOnAField: Story = {
  args: {
    over: { query: { ...DEFAULT_CRM_QUERY, field: 'field2' }, rows: ROWS.filter((r) => r.values.field2) },
  },
}
export const NoResult: Story = {
  args: { over: { query: { ...DEFAULT_CRM_QUERY, search: 'zzz' }, searchInput: 'zzz', rows: [], total: 0 } },
}
export const Failed: Story = {
  args: { value: { list: 'failed', search: 'idle' }, over: { rows: [], total: 0, error: 'crm.list.error' } },
}
