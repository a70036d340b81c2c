import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { Pagination, type PaginationProps } from '../src/ui/Pagination'

// The pages of a long list. Here the page is kept by the story; in a list page its machine keeps it.
function Paged(props: Partial<PaginationProps>) {
  const [page, setPage] = useState(props.page ?? 1)
  const [rows, setRows] = useState(props.rowsPerPage ?? 10)
  const total = props.total ?? 137
  return (
    <Pagination
      label="Pages of the client list"
      {...props}
      page={page}
      total={total}
      rowsPerPage={rows}
      pageCount={Math.max(1, Math.ceil(total / rows))}
      onPage={setPage}
      onRowsPerPage={setRows}
    />
  )
}

const meta = {
  title: 'Design system/Pagination',
  component: Paged,
  args: { onPage: fn() },
} satisfies Meta<typeof Paged>

export default meta
type Story = StoryObj<typeof meta>

export const FirstPage: Story = {}

/** §9: the client list offers 5 or 10 rows a page. */
export const RowsPerPage: Story = { args: { pageSizes: [5, 10], rowsPerPage: 5 } }

export const Middle: Story = { args: { page: 7 } }

/** A broad search counts "at least" this many. */
export const LowerBound: Story = { args: { total: 1000, totalIsLowerBound: true } }

export const Disabled: Story = { args: { disabled: true, page: 3 } }
