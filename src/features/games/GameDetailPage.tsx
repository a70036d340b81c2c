// /pages/games/:id: a game's info, its rewards (won next to expected from the weights, disabled ones
// marked), its latest participants, its play links per store, and disable/enable.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { GameDetailEvent } from '../../../machines/game-detail/game-detail.machine'
import type { GameDetailView } from '../../../machines/game-detail/game-detail.view'
import { Button } from '../../ui/Button'
import { ClockZoneNote, useClock } from '../../ui/i18n/clock'
import { enumKey, useT } from '../../ui/i18n/t'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { QrCode } from '../../ui/QrCode'
import { downloadPng, downloadSvg } from '../../ui/qr-files'
import { PageLoading } from '../../ui/shell/PageLoading'
import { Table } from '../../ui/Table'
import { GameStatusBadge } from './GameStatusBadge'
import { GAME_PATHS } from './paths'

export function GameDetailPage({
  view,
  send,
  origin = '',
}: {
  view: GameDetailView
  send: (e: GameDetailEvent) => void
  /** Where customers open the play links (the page's own origin): the QR codes carry whole addresses. */
  origin?: string
}) {
  const t = useT()
  const { date, dateTime } = useClock()
  const retry = () => send({ type: 'game.retry' })
  const g = view.info
  if (view.isLoadingInfo) return <PageLoading />
  if (!g) return <ErrorPanel message={t('games.errors.fetchInfo')} onRetry={retry} />
  return (
    <div className={styles.page}>
      <title>{`${g.name} · ${t('app.name')}`}</title>
      <Link href={GAME_PATHS.history}>{t('games.detail.back')}</Link>
      <div className={styles.head}>
        <h1 className={styles.title}>{g.name}</h1>
        <GameStatusBadge status={g.status} />
        <Button
          variant="outline"
          tone={view.isDisabled ? 'neutral' : 'danger'}
          disabled={!view.canToggle}
          loading={view.isToggling}
          onClick={() => send({ type: 'game.toggle' })}
        >
          {view.isDisabled ? t('games.detail.enable') : t('games.detail.disable')}
        </Button>
        <Link href={GAME_PATHS.edit(g.id)}>{t('games.detail.edit')}</Link>
      </div>
      <dl className={styles.info}>
        <dt>{t('games.fields.action')}</dt>
        <dd>{t(`games.actions.${enumKey(g.action)}`)}</dd>
        <dt>{t('games.fields.period')}</dt>
        <dd>
          {g.endDate
            ? t('games.period.range', { start: date(g.startDate), end: date(g.endDate) })
            : t('games.period.from', { start: date(g.startDate) })}
        </dd>
        <dt>{t('games.fields.participants')}</dt>
        <dd>{g.participants}</dd>
        <dt>{t('games.settings.canLoose')}</dt>
        <dd>{g.settings.canLoose ? t('games.detail.yes') : t('games.detail.no')}</dd>
        <dt>{t('games.settings.onlyNewClients')}</dt>
        <dd>{g.settings.onlyNewClients ? t('games.detail.yes') : t('games.detail.no')}</dd>
      </dl>
      <section aria-label={t('games.detail.links')}>
        <h2 className={styles.h2}>{t('games.detail.links')}</h2>
        <ul className={styles.links}>
          {g.storeInfos.map((s) => {
            const url = `${origin}${GAME_PATHS.play(g.id, s.storeId)}`
            const file = `game-${g.id.slice(0, 8)}-${s.storeName}`
            return (
              <li key={s.storeId} className={styles.link}>
                <QrCode
                  text={url}
                  label={t('games.detail.qrLabel', { store: s.storeName })}
                  className={styles.qr}
                />
                <div>
                  <p>
                    {s.storeName}: <a href={url}>{url}</a>
                  </p>
                  <div className={styles.buttons}>
                    <Button variant="outline" onClick={() => downloadPng(url, file)}>
                      {t('games.detail.downloadPng')}
                    </Button>
                    <Button variant="outline" onClick={() => downloadSvg(url, file)}>
                      {t('games.detail.downloadSvg')}
                    </Button>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      </section>
      <section aria-label={t('games.detail.rewards')}>
        <h2 className={styles.h2}>{t('games.detail.rewards')}</h2>
        {view.isRewardsFailed ? (
          <ErrorPanel message={t('games.errors.fetchRewards')} onRetry={retry} />
        ) : (
          <Table.Root aria-busy={view.isLoadingRewards}>
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('games.rewards.name')}</Table.Header>
                <Table.Header>{t('games.rewards.type')}</Table.Header>
                <Table.Header>{t('games.rewards.weight')}</Table.Header>
                <Table.Header>{t('games.detail.won')}</Table.Header>
                <Table.Header>{t('games.detail.expected')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.rewards.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>
                    {r.name}
                    {r.isDisabled ? ` (${t('games.detail.rewardDisabled')})` : ''}
                  </Table.Cell>
                  <Table.Cell>{t(`games.rewards.types.${enumKey(r.type)}`)}</Table.Cell>
                  <Table.Cell>{r.weight} %</Table.Cell>
                  <Table.Cell>{r.won}</Table.Cell>
                  <Table.Cell>{r.expected}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
      {!view.isRewardsFailed && (
        <section aria-label={t('games.detail.participants')}>
          <h2 className={styles.h2}>
            {t('games.detail.participantsCount', { count: view.participantTotal })}
          </h2>
          <ClockZoneNote />
          {!view.isLoadingRewards && view.participantTotal === 0 ? (
            // A new game: say so and what brings players, rather than an empty table.
            <EmptyPanel
              title={t('games.detail.noParticipants')}
              description={t('games.detail.noParticipantsHint')}
            />
          ) : (
            <Table.Root aria-busy={view.isLoadingRewards}>
              <Table.Head>
                <Table.Row>
                  <Table.Header>{t('games.detail.client')}</Table.Header>
                  <Table.Header>{t('games.detail.store')}</Table.Header>
                  <Table.Header>{t('games.detail.reward')}</Table.Header>
                  <Table.Header>{t('games.detail.playedAt')}</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {view.participants.map((p) => (
                  <Table.Row key={p.id}>
                    <Table.Cell>
                      <Link href={`/pages/user/clients/${p.clientId}`}>
                        {p.firstName || p.phone || p.clientId}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{p.storeName ?? '—'}</Table.Cell>
                    <Table.Cell>{p.rewardName ?? t('games.wheel.lose')}</Table.Cell>
                    <Table.Cell>{dateTime(p.playedAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </section>
      )}
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4', p: { base: '4', md: '6' } }),
  head: css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  h2: css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' }),
  links: css({ display: 'flex', flexDir: 'column', gap: '4' }),
  link: css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' }),
  qr: css({ w: '32', h: '32', flexShrink: 0 }),
  buttons: css({ display: 'flex', gap: '2', mt: '2', flexWrap: 'wrap' }),
  info: css({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '2',
    '& dt': { color: 'fg.muted' },
  }),
}
