import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { RegisterEvent } from '../../../machines/register/register.machine'
import type { RegisterView } from '../../../machines/register/register.view'
import { ROUTES } from '../../domain/access'
import type { RegisterField } from '../../domain/auth-forms'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { PasswordInput } from '../../ui/PasswordInput'
import { AuthLayout, authStyles, FormAlert } from './AuthLayout'
import { MailIcon } from './icons'
import { useAuthMessages } from './messages'

const LABELS = {
  displayName: 'auth.register.displayName',
  email: 'auth.register.email',
  password: 'auth.register.password',
  confirmation: 'auth.register.confirmation',
} as const satisfies Record<RegisterField, string>

export interface RegisterPageProps {
  view: RegisterView
  send: (event: RegisterEvent) => void
}

/**
 * Sign-up (/register): presentational; the register machine decides everything. While the form cannot
 * be sent, what is still missing is listed beside the disabled button; once sent, "check your inbox".
 */
export function RegisterPage({ view, send }: RegisterPageProps) {
  const { t, say } = useAuthMessages()
  const backToLogin = (
    <Link href={ROUTES.login.path} className={link()}>
      {t('auth.backToLogin')}
    </Link>
  )
  if (view.isSent) {
    return (
      <AuthLayout
        title={t('auth.register.sentTitle')}
        icon={<MailIcon />}
        tone="success"
        footer={backToLogin}
      >
        <div className={authStyles.actions}>
          <p className={authStyles.text}>
            {t('auth.register.sentDescription', { email: view.values.email.trim() })}
          </p>
          <p className={styles.hint}>{t('auth.register.sentHint')}</p>
          <Button variant="ghost" fullWidth onClick={() => send({ type: 'register.edit' })}>
            {t('auth.register.edit')}
          </Button>
        </div>
      </AuthLayout>
    )
  }
  const busy = view.isSubmitting
  const field = (name: RegisterField) => ({
    name,
    value: view.values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      send({ type: 'register.change', field: name, value: event.currentTarget.value }),
    onBlur: () => send({ type: 'register.blur', field: name }),
    invalid: Boolean(view.errors[name]),
    errorText: say(view.errors[name]),
    required: true,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Refused by the machine while a rule is unmet: the list beside the button says which.
    if (!busy) send({ type: 'register.submit' })
  }
  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <p className={authStyles.footerLine}>
          <span>{t('auth.register.haveAccount')}</span>
          <Link href={ROUTES.login.path} className={link()}>
            {t('auth.register.login')}
          </Link>
        </p>
      }
    >
      <form className={authStyles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <FormAlert message={view.error} />
        <TextField
          label={t('auth.register.displayName')}
          autoComplete="name"
          placeholder={t('auth.register.displayNamePlaceholder')}
          {...field('displayName')}
        />
        <TextField
          label={t('auth.register.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.register.emailPlaceholder')}
          {...field('email')}
        />
        <PasswordInput
          label={t('auth.register.password')}
          autoComplete="new-password"
          helperText={view.errors.password ? undefined : say('auth.register.passwordHelper')}
          {...field('password')}
        />
        <PasswordInput
          label={t('auth.register.confirmation')}
          autoComplete="new-password"
          {...field('confirmation')}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!view.canSubmit}
          loading={busy}
          aria-describedby={view.missing.length ? 'register-missing' : undefined}
        >
          {t('auth.register.submit')}
        </Button>
        {view.missing.length > 0 && (
          <div id="register-missing" className={styles.missing}>
            <p className={styles.missingTitle}>{t('auth.register.missing')}</p>
            <ul className={styles.missingList}>
              {view.missing.map(({ field, message }) => (
                <li key={field}>
                  {t(LABELS[field])} — {say(message)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </AuthLayout>
  )
}

const styles = {
  hint: css({ color: 'fg.subtle', textStyle: 'sm', mb: '2' }),
  missing: css({ color: 'fg.muted', textStyle: 'sm' }),
  missingTitle: css({ fontWeight: 'medium', mb: '1' }),
  missingList: css({ listStyle: 'disc', pl: '5', display: 'flex', flexDirection: 'column', gap: '0.5' }),
}
