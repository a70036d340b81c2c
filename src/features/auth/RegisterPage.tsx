import type { FormEvent } from 'react'
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
import { useAuthMessages } from './messages'

export interface RegisterPageProps {
  view: RegisterView
  send: (event: RegisterEvent) => void
}

/** Sign-up (/register): presentational; the register machine decides everything. */
export function RegisterPage({ view, send }: RegisterPageProps) {
  const { t, say } = useAuthMessages()
  const busy = view.isSubmitting || view.isDone
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
    // Even when invalid: the machine then shows every error instead of doing nothing.
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
        <Button type="submit" size="lg" fullWidth disabled={!view.canSubmit} loading={busy}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthLayout>
  )
}
