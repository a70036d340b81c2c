import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { ROUTES } from '../../domain/access'
import { Button } from '../../ui/Button'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { AuthLayout, authStyles } from './AuthLayout'
import { useAuthMessages } from './messages'

export interface ForbiddenViewProps {
  /** A session exists (e.g. an unpaid account without a payment link): offer to log out of it. */
  isSignedIn: boolean
  onLogout: () => void
}

/** /pages/auth/forbidden: why the back-office is closed to this account, and the way out. */
export function ForbiddenView({ isSignedIn, onLogout }: ForbiddenViewProps) {
  const { t } = useAuthMessages()
  return (
    <AuthLayout
      title={t('auth.forbidden.title')}
      icon={<span className={styles.code}>403</span>}
      tone="danger"
    >
      <p className={authStyles.text}>{t('auth.forbidden.description')}</p>
      {isSignedIn ? (
        <Button size="lg" fullWidth onClick={onLogout}>
          {t('auth.forbidden.logout')}
        </Button>
      ) : (
        <Button asChild size="lg" fullWidth>
          <Link href={ROUTES.login.path}>{t('auth.backToLogin')}</Link>
        </Button>
      )}
    </AuthLayout>
  )
}

export function ForbiddenPage() {
  const session = useSession()
  const ref = useSessionRef()
  return (
    <ForbiddenView
      isSignedIn={session.isSignedIn || session.isPaymentRequired}
      onLogout={() => ref.send({ type: 'session.logout' })}
    />
  )
}

const styles = {
  code: css({ textStyle: 'sm', fontWeight: 'bold', letterSpacing: '0.02em' }),
}
