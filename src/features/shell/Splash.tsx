import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { BrandMark } from '../../ui/BrandMark'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { useStartup } from '../../ui/session/hooks'

/** §4 Startup: shown until auto-login ends ('Logging in with JWT' …), with a retry when it failed. */
export function Splash() {
  const intl = useIntl()
  const { ref, view } = useStartup()
  return (
    <main
      className={css({
        minH: '100vh',
        display: 'grid',
        placeItems: 'center',
        bg: 'bg.canvas',
        color: 'fg.default',
      })}
      aria-busy={view.isBusy}
    >
      <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '4' })}>
        <BrandMark />
        {view.error ? (
          <>
            <p role="alert">{intl.formatMessage({ id: 'session.startup.couldNotGetUserData' })}</p>
            <Button onClick={() => ref?.send({ type: 'startup.retry' })}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
          </>
        ) : (
          <>
            <Spinner />
            <p role="status">
              {intl.formatMessage({
                id: view.message === 'loggedIn' ? 'session.startup.loggedIn' : 'session.startup.loggingIn',
              })}
            </p>
          </>
        )}
      </div>
    </main>
  )
}
