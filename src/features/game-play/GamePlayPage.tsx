// The public gift wheel page (/game/:id?store=…): the franchise's theme, the wheel, the action to take,
// the phone confirmed by an SMS code (the shared PhoneCodeForm), then the spin. The wheel turns to the
// angle of the server's result (the view's `rotation`), never deciding it.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { GamePlayEvent, gamePlayMachine } from '../../../machines/game-play/game-play.machine'
import { SPIN_MS } from '../../../machines/game-play/game-play.machine'
import type { GamePlayView } from '../../../machines/game-play/game-play.view'
import type { phoneCodeMachine } from '../../../machines/phone-code/phone-code.machine'
import { Button } from '../../ui/Button'
import { CounterCoupon } from '../../ui/CounterCoupon'
import { GiftWheel } from '../../ui/GiftWheel'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { PhoneCodeForm } from '../../ui/PhoneCodeForm'
import { franchiseThemeStyle, publicPage as s } from '../../ui/public-page'
import { Spinner } from '../../ui/Spinner'

export type GamePlayPageProps = {
  view: GamePlayView
  send: (event: GamePlayEvent) => void
  phoneCode: ActorRefFrom<typeof phoneCodeMachine> | undefined
  storeId: string | null
}

const REFUSALS: Record<string, MessageId> = {
  GAME_ONLY_NEW_CLIENTS: 'games.play.refused.onlyNew',
  GAME_ENDED: 'games.play.closed.ended',
  GAME_DISABLED: 'games.play.closed.disabled',
  GAME_NOT_STARTED: 'games.play.closed.notStarted',
}

export function GamePlayPage({ view, send, phoneCode, storeId }: GamePlayPageProps) {
  const t = useT()
  const g = view.game
  return (
    <main className={s.page} style={franchiseThemeStyle(g?.franchise.theme)} aria-labelledby="game-title">
      <header className={s.header}>
        {g?.franchise.logo && <img src={g.franchise.logo} alt="" className={s.logo} />}
        <div>
          <p className={s.franchise}>{g?.franchise.name}</p>
          <h1 id="game-title" className={s.title}>
            {g?.name ?? t('games.play.title')}
          </h1>
        </div>
      </header>
      <div className={s.body}>
        {g && view.slices.length > 0 && !view.isClosed && (
          <GiftWheel
            slices={view.slices}
            rotation={view.rotation}
            durationMs={view.reducedMotion ? 0 : SPIN_MS}
            label={t('games.play.wheel')}
          />
        )}
        <Step view={view} send={send} phoneCode={phoneCode} storeId={storeId} />
      </div>
    </main>
  )
}

function Step({ view, send, phoneCode, storeId }: GamePlayPageProps) {
  const t = useT()
  const { date } = useClock()
  const g = view.game
  if (view.isLoading)
    return (
      <p role="status" className={s.status}>
        <Spinner /> {t('games.play.loading')}
      </p>
    )
  if (view.isNotFound) return <Card title={t('games.play.notFound')} />
  if (view.isFailed)
    return (
      <Card title={t('games.play.failed')}>
        <Button onClick={() => send({ type: 'play.retry' })}>{t('common.retry')}</Button>
      </Card>
    )
  if (view.isClosed && g)
    return (
      <Card
        title={
          view.closedReason === 'NOT_STARTED'
            ? t('games.play.closed.startsOn', { date: date(g.startDate) })
            : t(view.closedReason === 'DISABLED' ? 'games.play.closed.disabled' : 'games.play.closed.ended')
        }
      />
    )
  if (view.refusal) return <Card title={t(REFUSALS[view.refusal] ?? 'games.play.failed')} />
  if (view.isSpinFailed)
    return (
      <Card title={t('games.play.spinFailed')}>
        <Button onClick={() => send({ type: 'play.retry' })}>{t('common.retry')}</Button>
      </Card>
    )
  if (!g) return null
  if (view.step === 'action') {
    const store = g.stores.find((x) => x.id === storeId) ?? g.stores[0]
    const href = g.action === 'GOOGLE' ? store?.googleLink : g.action === 'STORE_OPENING' ? null : g.actionUrl
    return (
      <Card
        title={t(
          `games.play.action.${g.action === 'STORE_OPENING' ? 'store' : g.action.toLowerCase()}` as MessageId,
        )}
      >
        {href ? (
          // The button's own look (label centred), on the link that opens the page.
          <Button asChild size="lg" className={s.primary}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => send({ type: 'play.actionDone' })}
            >
              {t('games.play.action.open')}
            </a>
          </Button>
        ) : (
          <Button size="lg" className={s.primary} onClick={() => send({ type: 'play.actionDone' })}>
            {t('games.play.action.inStore')}
          </Button>
        )}
        {g.onlyNewClients && <p className={s.muted}>{t('games.play.onlyNew')}</p>}
      </Card>
    )
  }
  if (view.step === 'phone' && phoneCode) return <PhoneStep actor={phoneCode} />
  if (view.step === 'spinning')
    return (
      <p role="status" className={s.status}>
        {view.isTurning ? t('games.play.turning') : t('games.play.spinning')}
      </p>
    )
  if (view.result) {
    const r = view.result
    return (
      <Card title={r.rewardId ? t('games.play.won', { reward: r.rewardName ?? '' }) : t('games.play.lost')}>
        {r.points ? <p>{t('games.play.points', { points: r.points })}</p> : null}
        {r.coupon && (
          <>
            <p>{t('games.play.coupon')}</p>
            <CounterCoupon coupon={r.coupon} />
          </>
        )}
        {r.replayed && <p className={s.muted}>{t('games.play.alreadyPlayed')}</p>}
      </Card>
    )
  }
  return null
}

function PhoneStep({ actor }: { actor: ActorRefFrom<typeof phoneCodeMachine> }) {
  const t = useT()
  // Read once so the form re-renders with the child's own state.
  useSelector(actor, (x) => x.value)
  return (
    <section className={s.card} aria-label={t('games.play.phone')}>
      <p>{t('games.play.phone')}</p>
      <PhoneCodeForm actor={actor} />
    </section>
  )
}

function Card({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className={s.card} aria-label={title}>
      <h2 className={s.h2}>{title}</h2>
      {children}
    </section>
  )
}

export type GamePlayActor = ActorRefFrom<typeof gamePlayMachine>
