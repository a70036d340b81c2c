// The client's points that will expire and when (issue 23), under the figure cards. Its own machine
// (client-expiry, with its real call; a test or a story hands one through ProvidedMachines); mounted
// again by the page when the balance changes.
// Nothing shows while the franchise's expiry is off.
import { createActorContext } from '@xstate/react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { clientExpiryMachine } from '../../../machines/client-expiry/client-expiry.machine'
import { toClientExpiryView } from '../../../machines/client-expiry/client-expiry.view'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { ErrorPanel } from '../../ui/Panels'
import { styles as detailStyles } from './ClientDetail.styles'

const ClientExpiryContext = createActorContext(clientExpiryMachine)

export function ClientExpirySection({ franchiseId, clientId }: { franchiseId: string; clientId: string }) {
  const machine = useProvided(clientExpiryMachine)
  return (
    <ClientExpiryContext.Provider logic={machine} options={{ input: { franchiseId, clientId } }}>
      <ClientExpiryPanel />
    </ClientExpiryContext.Provider>
  )
}

function ClientExpiryPanel() {
  const t = useT()
  const intl = useIntl()
  const { date } = useClock()
  const view = ClientExpiryContext.useSelector(toClientExpiryView)
  const { send } = ClientExpiryContext.useActorRef()
  if (view.isHidden) return null
  if (view.isFailed)
    return (
      <ErrorPanel message={t('expiry.client.loadError')} onRetry={() => send({ type: 'expiry.retry' })} />
    )
  return (
    <section className={styles.section} aria-labelledby="client-expiry-title">
      <h3 id="client-expiry-title" className={styles.title}>
        {t('expiry.client.title')}
      </h3>
      {view.upcoming.length === 0 ? (
        <p className={detailStyles.muted}>{t('expiry.client.none')}</p>
      ) : view.mode === 'INACTIVITY' ? (
        <p>
          {t('expiry.client.inactivity', {
            points: intl.formatNumber(view.total),
            date: date(view.upcoming[0]!.expiresOn),
          })}
        </p>
      ) : (
        <ul className={styles.list}>
          {view.upcoming.slice(0, 5).map((u) => (
            <li key={u.expiresOn}>
              {t('expiry.client.batch', {
                points: intl.formatNumber(u.points),
                date: date(u.expiresOn),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const styles = {
  section: css({ display: 'flex', flexDirection: 'column', gap: '2', mt: '4' }),
  title: css({ textStyle: 'md', fontWeight: 'semibold' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '1', pl: '4', listStyle: 'disc' }),
}
