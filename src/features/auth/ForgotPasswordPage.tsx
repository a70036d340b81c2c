import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ForgotPasswordEvent } from '../../../machines/forgot-password/forgot-password.machine'
import type { ForgotPasswordView } from '../../../machines/forgot-password/forgot-password.view'
import { ROUTES } from '../../domain/access'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { AuthLayout, authStyles, FormAlert } from './AuthLayout'
import { MailIcon } from './icons'
import { useAuthMessages } from './messages'

export interface ForgotPasswordPageProps {
  view: ForgotPasswordView
  send: (event: ForgotPasswordEvent) => void
}

/** Forgot password: the e-mail form, then an "e-mail sent" confirmation that reveals no account. */
export function ForgotPasswordPage({ view, send }: ForgotPasswordPageProps) {
  const { t, say } = useAuthMessages()
  const backToLogin = (
    <Link href={ROUTES.login.path} className={link()}>
      {t('auth.backToLogin')}
    </Link>
  )
  if (view.isSent) {
    return (
      <AuthLayout
        title={t('auth.forgotPassword.sentTitle')}
        icon={<MailIcon />}
        tone="success"
        footer={backToLogin}
      >
        <div className={authStyles.actions}>
          <p className={authStyles.text}>
            {t('auth.forgotPassword.sentDescription', { email: view.email.trim() })}
          </p>
          <p className={styles.hint}>{t('auth.forgotPassword.sentHint')}</p>
          <Button variant="outline" fullWidth onClick={() => send({ type: 'forgotPassword.resend' })}>
            {t('auth.forgotPassword.resend')}
          </Button>
          <Button variant="ghost" fullWidth onClick={() => send({ type: 'forgotPassword.edit' })}>
            {t('auth.forgotPassword.edit')}
          </Button>
        </div>
      </AuthLayout>
    )
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!view.isSending) send({ type: 'forgotPassword.submit' })
  }
  return (
    <AuthLayout
      title={t('auth.forgotPassword.title')}
      subtitle={t('auth.forgotPassword.subtitle')}
      footer={backToLogin}
    >
      <form className={authStyles.form} onSubmit={submit} noValidate aria-busy={view.isSending || undefined}>
        <FormAlert
          message={view.error}
          onRetry={view.canRetry ? () => send({ type: 'forgotPassword.retry' }) : undefined}
        />
        <TextField
          label={t('auth.forgotPassword.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.forgotPassword.emailPlaceholder')}
          value={view.email}
          onChange={(event) => send({ type: 'forgotPassword.change', value: event.currentTarget.value })}
          onBlur={() => send({ type: 'forgotPassword.blur' })}
          invalid={Boolean(view.emailError)}
          errorText={say(view.emailError)}
          required
        />
        <Button type="submit" size="lg" fullWidth disabled={!view.canSubmit} loading={view.isSending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}

const styles = {
  hint: css({ color: 'fg.subtle', textStyle: 'sm', mb: '2' }),
}
