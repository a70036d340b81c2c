// The frame of the demo pages (issue 8): a banner saying the data is the demo franchise's, read-only,
// and the screen over it once the demo machine knows that franchise; meanwhile a loading line, a
// failure with its retry, or "no demo" when the server has none. Renders the view; decides nothing.
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { DemoEvent } from '../../../machines/demo/demo.machine'
import type { DemoView } from '../../../machines/demo/demo.view'
import type { DemoFranchise } from '../../domain/demo'
import type { MessageId } from '../../ui/i18n/messages'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'

export interface DemoPageProps {
  view: DemoView
  send: (event: DemoEvent) => void
  /** The screen over the demo franchise, once it is known. */
  children: (demo: DemoFranchise) => ReactNode
}

export function DemoPage({ view, send, children }: DemoPageProps) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  if (view.demo)
    return (
      <div className={styles.frame}>
        <p role="note" className={styles.banner}>
          {t('demo.banner', { name: view.demo.franchise.name })}
        </p>
        {children(view.demo)}
      </div>
    )
  return (
    <div className={styles.page}>
      <title>{`${t('demo.title')} · ${t('app.name')}`}</title>
      <h1 className={styles.title}>{t('demo.title')}</h1>
      {view.isFailed ? (
        <ErrorPanel
          message={t((view.error ?? 'demo.errors.load') as MessageId)}
          onRetry={() => send({ type: 'demo.retry' })}
        />
      ) : view.isEmpty ? (
        <EmptyPanel title={t('demo.empty.title')} description={t('demo.empty.description')} />
      ) : (
        <p role="status" className={styles.loading}>
          <Spinner />
          {t('demo.loading')}
        </p>
      )}
    </div>
  )
}

const styles = {
  frame: css({ display: 'grid', gap: '0', width: '100%' }),
  banner: css({
    bg: 'accent.subtle',
    color: 'accent.text',
    px: '4',
    py: '2',
    mx: { base: '4', md: '6' },
    mt: { base: '4', md: '6' },
    rounded: 'md',
    textStyle: 'sm',
  }),
  page: css({ display: 'grid', gap: '5', p: { base: '4', md: '6' }, maxW: '6xl', mx: 'auto', width: '100%' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  loading: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', py: '6' }),
}
