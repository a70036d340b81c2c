import { useMachine } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { downloadMachine, toDownloadView } from '../../machines/download'
import { useT } from './i18n/t'

/**
 * A download's flow (machines/download): `start(href)` asks for the link's one-minute ticket, then
 * opens the address with it, so the access token never travels in an address (issue 34).
 */
export function useDownload(machine = downloadMachine) {
  const [snapshot, send] = useMachine(machine)
  return {
    view: toDownloadView(snapshot),
    start: (href: string) => send({ type: 'download.start', href }),
  }
}

/** Said under a download whose ticket could not be had; clicking again retries. */
export function DownloadError({ view }: { view: ReturnType<typeof toDownloadView> }) {
  const t = useT()
  return view.isFailed ? (
    <span role="alert" className={styles.error}>
      {t('downloads.failed')}
    </span>
  ) : null
}

export interface DownloadLinkProps extends ButtonVariantProps {
  /** The file's address, without any token. */
  href: string
  children: React.ReactNode
  className?: string
  /** For tests and stories: the flow with its actors provided. */
  machine?: typeof downloadMachine
}

/**
 * A file download drawn as a button: the browser saves what the server streams (nothing is read into
 * the page), so a large export costs the page no memory.
 */
export function DownloadLink({ href, children, className, machine, ...variants }: DownloadLinkProps) {
  const { view, start } = useDownload(machine)
  return (
    <span className={styles.wrap}>
      <a
        href={href}
        download
        aria-busy={view.isBusy || undefined}
        onClick={(e) => {
          e.preventDefault()
          start(href)
        }}
        className={cx(button({ variant: 'outline', tone: 'neutral', ...variants }), className)}
      >
        {children}
      </a>
      <DownloadError view={view} />
    </span>
  )
}

const styles = {
  wrap: css({ display: 'inline-flex', flexDirection: 'column', gap: '1' }),
  error: css({ color: 'danger.text', fontSize: 'sm' }),
}
