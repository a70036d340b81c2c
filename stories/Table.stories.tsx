import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useFormatDate } from '../src/ui/i18n/IntlProvider'
import { type SortDirection, Table, type TableRootProps } from '../src/ui/Table'

interface Client {
  id: string
  name: string
  store: string
  points: number
  lastVisit: string
}

const clients: Client[] = [
  { id: '1', name: 'Marie Dupont', store: 'Paris 11e', points: 1280, lastVisit: '2024-05-03' },
  { id: '2', name: 'Lucas Martin', store: 'Lyon Part-Dieu', points: 340, lastVisit: '2024-06-21' },
  { id: '3', name: 'Chloé Bernard', store: 'Paris 11e', points: 2045, lastVisit: '2024-04-12' },
  { id: '4', name: 'Hugo Petit', store: 'Bordeaux', points: 75, lastVisit: '2024-06-30' },
  { id: '5', name: 'Emma Leroy', store: 'Lyon Part-Dieu', points: 910, lastVisit: '2024-03-08' },
]

type SortKey = 'name' | 'points' | 'lastVisit'

function ClientsTable(props: TableRootProps) {
  const intl = useIntl()
  const formatDate = useFormatDate()
  // §9 default: last visit, newest first.
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'lastVisit',
    direction: 'descending',
  })
  const toggle = (key: SortKey) =>
    setSort((current) => ({
      key,
      direction: current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }))
  const sorted = [...clients].sort((a, b) => {
    const order = a[sort.key] < b[sort.key] ? -1 : a[sort.key] > b[sort.key] ? 1 : 0
    return sort.direction === 'ascending' ? order : -order
  })
  const header = (
    key: SortKey,
    id: 'pages.clients.columns.name' | 'pages.clients.columns.points' | 'pages.clients.columns.lastVisit',
    align?: 'end',
  ) => (
    <Table.SortableHeader
      direction={sort.key === key ? sort.direction : undefined}
      onSort={() => toggle(key)}
      data-align={align}
    >
      {intl.formatMessage({ id })}
    </Table.SortableHeader>
  )
  return (
    <Table.Root {...props}>
      <Table.Head>
        <Table.Row>
          {header('name', 'pages.clients.columns.name')}
          <Table.Header scope="col">{intl.formatMessage({ id: 'pages.clients.columns.store' })}</Table.Header>
          {header('points', 'pages.clients.columns.points', 'end')}
          {header('lastVisit', 'pages.clients.columns.lastVisit')}
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {sorted.map((client) => (
          <Table.Row key={client.id}>
            <Table.Cell>{client.name}</Table.Cell>
            <Table.Cell>{client.store}</Table.Cell>
            <Table.Cell data-align="end">{intl.formatNumber(client.points)}</Table.Cell>
            <Table.Cell>{formatDate(client.lastVisit)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

const meta = {
  title: 'Design system/Table',
  component: ClientsTable,
} satisfies Meta<typeof ClientsTable>

export default meta
type Story = StoryObj<typeof meta>

/** Click a header to sort; the sorted column carries aria-sort. */
export const Sortable: Story = {}

export const Interactive: Story = { args: { interactive: true } }

export const StripedCompact: Story = { args: { striped: true, size: 'sm' } }
