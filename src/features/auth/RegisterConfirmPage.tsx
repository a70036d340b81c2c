import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { RegisterConfirmEvent } from '../../../machines/register-confirm/register-confirm.machine'
import type { RegisterConfirmView } from '../../../machines/register-confirm/register-confirm.view'
import { ROUTES } from '../../domain/access'
import { Button } from '../../ui/Button'
import { CheckCircleIcon } from '../../ui/icons'
import { Spinner } from '../../ui/Spinner'
import { AuthCard } from './AuthCard'
import { authStyles, FormAlert } from './AuthLayout'
import { LinkBrokenIcon, MailIcon } from './icons'
import { useAuthMessages } from './messages'

export interface RegisterConfirmPageProps {
  view: RegisterConfirmView
  send: (event: RegisterConfirmEvent) => void
}

/** The sign-up link's page: creating the account, a failure to retry, or a link that no longer works. */
export function RegisterConfirmPage({ view, send }: RegisterConfirmPageProps) {
  const { t } = useAuthMessages()
  const backToLogin = (
    <Link href={ROUTES.login.path} className={link()}>
      {t('auth.backToLogin')}
    </Link>
  )
  if (view.isLinkInvalid) {
    return (
      <AuthCard
        title={t('auth.registerConfirm.invalidTitle')}
        icon={<LinkBrokenIcon />}
        tone="warning"
        footer={backToLogin}
      >
        <p className={authStyles.text}>{t('auth.registerConfirm.invalidDescription')}</p>
        <Button asChild size="lg" fullWidth>
          <Link href={ROUTES.register.path}>{t('auth.registerConfirm.signUpAgain')}</Link>
        </Button>
      </AuthCard>
    )
  }
  if (view.isDone) {
    return (
      <AuthCard title={t('auth.registerConfirm.doneTitle')} icon={<CheckCircleIcon />} tone="success">
        <p className={authStyles.text}>{t('auth.registerConfirm.doneDescription')}</p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('auth.registerConfirm.title')} icon={<MailIcon />} footer={backToLogin}>
      <div className={authStyles.actions} aria-busy={view.isConfirming || undefined}>
        <FormAlert
          message={view.error}
          onRetry={view.canRetry ? () => send({ type: 'registerConfirm.retry' }) : undefined}
        />
        {view.isConfirming && (
          <p className={authStyles.text} role="status">
            <Spinner /> {t('auth.registerConfirm.working')}
          </p>
        )}
      </div>
    </AuthCard>
  )
}
