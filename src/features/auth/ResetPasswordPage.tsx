import type { FormEvent } from 'react'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ResetPasswordEvent } from '../../../machines/reset-password/reset-password.machine'
import type { ResetPasswordView } from '../../../machines/reset-password/reset-password.view'
import { ROUTES } from '../../domain/access'
import type { NewPasswordField } from '../../domain/auth-forms'
import { Button } from '../../ui/Button'
import { CheckCircleIcon } from '../../ui/icons'
import { PasswordInput } from '../../ui/PasswordInput'
import { AuthCard } from './AuthCard'
import { authStyles, FormAlert } from './AuthLayout'
import { LinkBrokenIcon } from './icons'
import { useAuthMessages } from './messages'

export interface ResetPasswordPageProps {
  view: ResetPasswordView
  send: (event: ResetPasswordEvent) => void
}

/**
 * Reset password, from the mailed link. SPEC §2 shows it with the toolbar and footer but no navbar:
 * the route puts it in the shell without its navbar, so it is a card in the shell's page.
 */
export function ResetPasswordPage({ view, send }: ResetPasswordPageProps) {
  const { t, say } = useAuthMessages()
  const backToLogin = (
    <Link href={ROUTES.login.path} className={link()}>
      {t('auth.backToLogin')}
    </Link>
  )
  if (view.isLinkInvalid) {
    return (
      <AuthCard
        title={t('auth.resetPassword.invalidTitle')}
        icon={<LinkBrokenIcon />}
        tone="warning"
        footer={backToLogin}
      >
        <p className={authStyles.text}>{t('auth.resetPassword.invalidDescription')}</p>
        <Button asChild size="lg" fullWidth>
          <Link href={ROUTES.forgotPassword.path}>{t('auth.resetPassword.requestNewLink')}</Link>
        </Button>
      </AuthCard>
    )
  }
  if (view.isDone) {
    return (
      <AuthCard title={t('auth.resetPassword.doneTitle')} icon={<CheckCircleIcon />} tone="success">
        <p className={authStyles.text}>{t('auth.resetPassword.doneDescription')}</p>
        <Button asChild size="lg" fullWidth>
          <Link href={ROUTES.login.path}>{t('auth.login.submit')}</Link>
        </Button>
      </AuthCard>
    )
  }
  const field = (name: NewPasswordField) => ({
    name,
    value: view.values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      send({ type: 'resetPassword.change', field: name, value: event.currentTarget.value }),
    onBlur: () => send({ type: 'resetPassword.blur', field: name }),
    invalid: Boolean(view.errors[name]),
    errorText: say(view.errors[name]),
    required: true,
    autoComplete: 'new-password' as const,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!view.isSaving) send({ type: 'resetPassword.submit' })
  }
  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      subtitle={say('auth.resetPassword.subtitle')}
      footer={backToLogin}
    >
      <form className={authStyles.form} onSubmit={submit} noValidate aria-busy={view.isSaving || undefined}>
        <FormAlert message={view.error} />
        <PasswordInput label={t('auth.resetPassword.password')} {...field('password')} />
        <PasswordInput label={t('auth.resetPassword.confirmation')} {...field('confirmation')} />
        <Button type="submit" size="lg" fullWidth disabled={!view.canSubmit} loading={view.isSaving}>
          {t('auth.resetPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
