import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { BrandMark } from '../../ui/BrandMark'
import { Button } from '../../ui/Button'

/** Any path without a route. Until the shell exists, the only sensible way out is the login page. */
export function NotFoundPage() {
  const intl = useIntl()
  return (
    <main className={styles.page}>
      <title>{`${intl.formatMessage({ id: 'errors.notFound.title' })} · ${intl.formatMessage({ id: 'app.name' })}`}</title>
      <BrandMark />
      <div className={styles.card}>
        <p className={styles.code}>{intl.formatMessage({ id: 'errors.notFound.code' })}</p>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'errors.notFound.title' })}</h1>
        <p className={styles.description}>{intl.formatMessage({ id: 'errors.notFound.description' })}</p>
        <Button asChild size="lg">
          <Link href="/login">{intl.formatMessage({ id: 'errors.notFound.backToLogin' })}</Link>
        </Button>
      </div>
    </main>
  )
}

const styles = {
  page: css({
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '8',
    p: '6',
  }),
  card: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '3',
    textAlign: 'center',
    maxWidth: '28rem',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l4',
    boxShadow: 'sm',
    px: '8',
    py: '10',
  }),
  code: css({
    textStyle: 'sm',
    fontWeight: 'semibold',
    color: 'accent.text',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  description: css({ color: 'fg.muted', textStyle: 'md', mb: '3' }),
}
