import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Button } from '../src/ui/Button'
import { useT } from '../src/ui/i18n/t'
import { PagedListPage, type PagedListPageProps, pagedListFilters } from '../src/ui/PagedListPage'
import { SearchField } from '../src/ui/SearchField'
import { Table } from '../src/ui/Table'

// The page shell every paged list shares (clients, owners, merchants…): title and count, actions,
// filters, then the failure, the empty panel or the rows with their pages. Each story is one state a
// list machine's view can put it in.
const owners = [
  { id: '1', email: 'marie.dupont@example.com', stores: 'Paris 11e' },
  { id: '2', email: 'lucas.martin@example.com', stores: 'Lyon Part-Dieu, Bordeaux' },
  { id: '3', email: 'chloe.bernard@example.com', stores: 'Paris 11e' },
]

type State = 'loading' | 'rows' | 'empty' | 'noResult' | 'error'

function OwnersList({ state, search = '' }: { state: State; search?: string }) {
  const t = useT()
  const title = t('ownersManagement.title')
  const rows = state === 'rows' ? owners : []
  const props: Omit<PagedListPageProps, 'children'> = {
    title,
    subtitle:
      state === 'loading'
        ? t('ownersManagement.loading')
        : t('ownersManagement.subtitle', { count: rows.length }),
    actions: <Button onClick={fn()}>{t('ownersManagement.create.open')}</Button>,
    filters: (
      <SearchField
        className={pagedListFilters}
        label={t('ownersManagement.search')}
        placeholder={t('ownersManagement.searchPlaceholder')}
        value={search}
        onChange={fn()}
        onSubmit={fn()}
      />
    ),
    error: state === 'error' ? { message: t('ownersManagement.errors.load'), onRetry: fn() } : null,
    empty:
      state === 'empty'
        ? {
            title: t('ownersManagement.empty.title'),
            description: t('ownersManagement.empty.description'),
            action: (
              <Button variant="outline" onClick={fn()}>
                {t('ownersManagement.create.open')}
              </Button>
            ),
          }
        : state === 'noResult'
          ? {
              title: t('ownersManagement.noResult.title'),
              description: t('ownersManagement.noResult.description', { search }),
              clear: { label: t('ownersManagement.clearSearch'), onClear: fn() },
            }
          : null,
    pagination:
      rows.length > 0
        ? {
            label: t('ownersManagement.pagination'),
            page: 1,
            pageCount: 4,
            total: 32,
            rowsPerPage: 10,
            pageSizes: [10, 25, 50],
            onPage: fn(),
            onRowsPerPage: fn(),
          }
        : null,
  }
  return (
    <PagedListPage {...props}>
      <Table.Root aria-busy={state === 'loading' || undefined}>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('ownersManagement.columns.owner')}</Table.Header>
            <Table.Header scope="col">{t('ownersManagement.columns.stores')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell>{row.email}</Table.Cell>
              <Table.Cell>{row.stores}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

const meta = {
  title: 'Design system/PagedListPage',
  component: OwnersList,
  args: { state: 'rows' },
} satisfies Meta<typeof OwnersList>

export default meta
type Story = StoryObj<typeof meta>

export const PageOfRows: Story = {}

export const Loading: Story = { args: { state: 'loading' } }

export const Empty: Story = { args: { state: 'empty' } }

export const NoResult: Story = { args: { state: 'noResult', search: 'zoé' } }

export const LoadFailed: Story = { args: { state: 'error' } }
