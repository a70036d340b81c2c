import type { ComponentProps, ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { createStyleContext } from 'styled-system/jsx'
import { table } from 'styled-system/recipes'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from './icons'

// Ark UI has no table: a plain semantic <table> keeps native row/column navigation in screen readers.
const { withProvider, withContext } = createStyleContext(table)

const Container = withProvider('div', 'container')
const TableElement = withContext('table', 'root')
const Caption = withContext('caption', 'caption')
const Head = withContext('thead', 'head')
const Body = withContext('tbody', 'body')
const Foot = withContext('tfoot', 'foot')
const Row = withContext('tr', 'row')
const Header = withContext('th', 'header')
const Cell = withContext('td', 'cell')
const SortButton = withContext('button', 'sortButton')
const SortIcon = withContext('span', 'sortIcon')

type ContainerProps = ComponentProps<typeof Container>

export interface TableRootProps extends ComponentProps<typeof TableElement> {
  interactive?: ContainerProps['interactive']
  striped?: ContainerProps['striped']
  size?: ContainerProps['size']
}

/** A bordered, horizontally scrollable frame around the <table>. */
function Root({ interactive, striped, size, ...props }: TableRootProps) {
  return (
    <Container interactive={interactive} striped={striped} size={size}>
      <TableElement {...props} />
    </Container>
  )
}

export type SortDirection = 'ascending' | 'descending'

export interface SortableHeaderProps extends Omit<ComponentProps<typeof Header>, 'children' | 'onClick'> {
  children: ReactNode
  /** The current sort of this column, or undefined when the table is sorted by another column. */
  direction?: SortDirection
  /** Asked to sort by this column; the owner (a machine) decides the next direction. */
  onSort: () => void
}

/**
 * A column header that sorts. aria-sort sits on the <th> of the sorted column only (as the ARIA
 * practices recommend) and the label itself is the button, so its name is the column name.
 */
function SortableHeader({ children, direction, onSort, ...props }: SortableHeaderProps) {
  const intl = useIntl()
  return (
    <Header aria-sort={direction} {...props}>
      <SortButton
        type="button"
        onClick={onSort}
        data-sorted={direction ? '' : undefined}
        title={
          typeof children === 'string'
            ? intl.formatMessage({ id: 'ui.table.sortBy' }, { column: children })
            : undefined
        }
      >
        {children}
        <SortIcon>
          {direction === 'ascending' ? (
            <ArrowUpIcon />
          ) : direction === 'descending' ? (
            <ArrowDownIcon />
          ) : (
            <ArrowUpDownIcon />
          )}
        </SortIcon>
      </SortButton>
    </Header>
  )
}

export const Table = { Root, Caption, Head, Body, Foot, Row, Header, Cell, SortableHeader }
