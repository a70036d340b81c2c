// /pages/games/history: the franchise's games in the one paged-list shell, with each one's status,
// participants and rewards given (§3 Game list).
import { Link } from 'wouter'
import type { GameHistoryEvent } from '../../../machines/game-history/game-history.machine'
import type { GameHistoryView } from '../../../machines/game-history/game-history.view'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import { enumKey, useT } from '../../ui/i18n/t'
import { PagedListPage } from '../../ui/PagedListPage'
import { Table } from '../../ui/Table'
import { GameStatusBadge } from './GameStatusBadge'
import { GAME_PATHS } from './paths'

export function GameHistoryPage({
  view,
  send,
}: {
  view: GameHistoryView
  send: (e: GameHistoryEvent) => void
}) {
  const t = useT()
  const { date } = useClock()
  const title = t('games.history.title')
  const create = (
    <Button asChild>
      <Link href={GAME_PATHS.create}>{t('games.history.create')}</Link>
    </Button>
  )
  return (
    <PagedListPage
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={view.isLoading ? t('games.history.loading') : t('games.history.count', { count: view.total })}
      actions={create}
      error={
        view.isFailed
          ? { message: t('games.errors.fetchGames'), onRetry: () => send({ type: 'games.retry' }) }
          : null
      }
      empty={
        view.isEmpty
          ? { title: t('games.history.empty'), description: t('games.history.emptyHelp'), action: create }
          : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('games.history.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: view.pageSizes,
              onPage: (page) => send({ type: 'games.page', page }),
              onRowsPerPage: (size) => send({ type: 'games.size', size }),
            }
          : null
      }
    >
      <Table.Root aria-busy={view.isLoading}>
        <Table.Head>
          <Table.Row>
            <Table.Header>{t('games.fields.name')}</Table.Header>
            <Table.Header>{t('games.fields.status')}</Table.Header>
            <Table.Header>{t('games.fields.action')}</Table.Header>
            <Table.Header>{t('games.fields.period')}</Table.Header>
            <Table.Header>{t('games.fields.participants')}</Table.Header>
            <Table.Header>{t('games.fields.rewardsGiven')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {view.rows.map((g) => (
            <Table.Row key={g.id}>
              <Table.Cell>
                <Link href={GAME_PATHS.detail(g.id)}>{g.name}</Link>
              </Table.Cell>
              <Table.Cell>
                <GameStatusBadge status={g.status} />
              </Table.Cell>
              <Table.Cell>{t(`games.actions.${enumKey(g.action)}`)}</Table.Cell>
              <Table.Cell>
                {g.endDate
                  ? t('games.period.range', { start: date(g.startDate), end: date(g.endDate) })
                  : t('games.period.from', { start: date(g.startDate) })}
              </Table.Cell>
              <Table.Cell>{g.participants}</Table.Cell>
              <Table.Cell>{g.rewardsGiven}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}
