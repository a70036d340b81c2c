// What shows while a page's code arrives (the first visit of an area loads its chunk): inside the shell
// when the shell is up, else on its own, never a blank screen.
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { Spinner } from '../Spinner'

export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  const intl = useIntl()
  return (
    <div className={cx(styles.box, fullPage && styles.fullPage)} aria-busy="true">
      <Spinner />
      <p role="status">{intl.formatMessage({ id: 'shell.pageLoading' })}</p>
    </div>
  )
}

const styles = {
  box: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '3',
    py: '16',
    color: 'fg.muted',
  }),
  fullPage: css({ minH: '100vh', bg: 'bg.canvas' }),
}
