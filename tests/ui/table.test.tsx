import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { type SortDirection, Table } from '../../src/ui/Table'
import { renderUi } from './render'

const rows = [
  { name: 'Marie', points: 1280 },
  { name: 'Lucas', points: 340 },
  { name: 'Chloé', points: 2045 },
]

function ClientTable() {
  const [sort, setSort] = useState<{ key: 'name' | 'points'; direction: SortDirection } | null>(null)
  const toggle = (key: 'name' | 'points') =>
    setSort((s) => ({
      key,
      direction: s?.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
    }))
  const sorted = sort
    ? [...rows].sort((a, b) => {
        const order = a[sort.key] < b[sort.key] ? -1 : 1
        return sort.direction === 'ascending' ? order : -order
      })
    : rows
  return (
    <Table.Root>
      <Table.Caption>Clients</Table.Caption>
      <Table.Head>
        <Table.Row>
          <Table.SortableHeader
            direction={sort?.key === 'name' ? sort.direction : undefined}
            onSort={() => toggle('name')}
          >
            Name
          </Table.SortableHeader>
          <Table.SortableHeader
            direction={sort?.key === 'points' ? sort.direction : undefined}
            onSort={() => toggle('points')}
          >
            Points
          </Table.SortableHeader>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {sorted.map((row) => (
          <Table.Row key={row.name}>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell>{row.points}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

const firstColumn = () =>
  within(screen.getByRole('table', { name: 'Clients' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('Table', () => {
  it('is a semantic table with column headers', () => {
    renderUi(<ClientTable />)
    const table = screen.getByRole('table', { name: 'Clients' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2)
    expect(within(table).getAllByRole('row')).toHaveLength(4)
  })

  it('sorts from the header button and exposes the order with aria-sort', async () => {
    const { user } = renderUi(<ClientTable />)
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' })
    const pointsHeader = screen.getByRole('columnheader', { name: 'Points' })
    expect(nameHeader).not.toHaveAttribute('aria-sort')

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }))
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    expect(firstColumn()).toEqual(['Chloé', 'Lucas', 'Marie'])

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }))
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    expect(firstColumn()).toEqual(['Marie', 'Lucas', 'Chloé'])

    // Only the sorted column says it is sorted.
    expect(pointsHeader).not.toHaveAttribute('aria-sort')
  })

  it('sorts with the keyboard', async () => {
    const { user } = renderUi(<ClientTable />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Points' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('columnheader', { name: 'Points' })).toHaveAttribute('aria-sort', 'ascending')
    expect(firstColumn()).toEqual(['Lucas', 'Marie', 'Chloé'])
  })
})
