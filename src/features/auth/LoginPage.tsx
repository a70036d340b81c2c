import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import { BrandMark } from '../../ui/BrandMark'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorCircleIcon } from '../../ui/icons'
import { PasswordInput } from '../../ui/PasswordInput'
import { Highlights } from './Highlights'

export type LoginField = 'email' | 'password'

/**
 * What to show on a field (§8: server errors on e-mail/password) or for the whole form. Values are
 * message ids of i18n/*.json (the login machine's codes); a text without an id is shown as it is.
 */
export interface LoginErrors {
  email?: string | null
  password?: string | null
  form?: string | null
}

export interface LoginPageProps {
  email: string
  password: string
  errors: LoginErrors
  isLoading: boolean
  canSubmit: boolean
  onChange: (field: LoginField, value: string) => void
  /** The user left a field: its errors may show from now on. */
  onBlur?: (field: LoginField) => void
  onSubmit: () => void
}

export const FORGOT_PASSWORD_PATH = '/pages/auth/forgot-password'
export const REGISTER_PATH = '/register'

/**
 * The login screen (SPEC §2): presentational only. It renders what it is given and reports what the
 * user does; the login machine decides everything else.
 */
export function LoginPage({
  email,
  password,
  errors,
  isLoading,
  canSubmit,
  onChange,
  onBlur,
  onSubmit,
}: LoginPageProps) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const say = (idOrText: string) => (idOrText in intl.messages ? t(idOrText as MessageId) : idOrText)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (canSubmit && !isLoading) onSubmit()
  }
  return (
    <div className={styles.page}>
      <title>{`${t('auth.login.title')} · ${t('app.name')}`}</title>
      {/* The form comes first in the DOM so screen readers and keyboards reach it first; the grid
          puts the welcome panel on the left on wide screens. */}
      <main className={styles.formSide}>
        <div className={styles.formColumn}>
          <BrandMark className={styles.mobileBrand} />
          <header className={styles.heading}>
            <h1 className={styles.title}>{t('auth.login.title')}</h1>
            <p className={styles.subtitle}>{t('auth.login.subtitle')}</p>
          </header>
          <form className={styles.form} onSubmit={submit} noValidate aria-busy={isLoading || undefined}>
            {errors.form && (
              <div role="alert" className={styles.formError}>
                <ErrorCircleIcon />
                <span>{say(errors.form)}</span>
              </div>
            )}
            <TextField
              label={t('auth.login.email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('auth.login.emailPlaceholder')}
              value={email}
              onChange={(event) => onChange('email', event.currentTarget.value)}
              onBlur={() => onBlur?.('email')}
              invalid={Boolean(errors.email)}
              errorText={errors.email && say(errors.email)}
              size="lg"
            />
            <div className={styles.passwordBlock}>
              <PasswordInput
                label={t('auth.login.password')}
                name="password"
                autoComplete="current-password"
                placeholder={t('auth.login.passwordPlaceholder')}
                value={password}
                onChange={(event) => onChange('password', event.currentTarget.value)}
                onBlur={() => onBlur?.('password')}
                invalid={Boolean(errors.password)}
                errorText={errors.password && say(errors.password)}
                className={styles.largeInput}
              />
              <Link href={FORGOT_PASSWORD_PATH} className={`${link()} ${styles.forgot}`}>
                {t('auth.login.forgotPassword')}
              </Link>
            </div>
            <Button type="submit" size="lg" fullWidth disabled={!canSubmit} loading={isLoading}>
              {t('auth.login.submit')}
            </Button>
          </form>
          <p className={styles.signUp}>
            <span>{t('auth.login.noAccount')}</span>
            <Link href={REGISTER_PATH} className={link()}>
              {t('auth.login.createAccount')}
            </Link>
          </p>
        </div>
      </main>
      <aside className={styles.welcome}>
        <BrandMark inverted />
        <div className={styles.welcomeBody}>
          <h2 className={styles.welcomeTitle}>{t('auth.login.welcomeTitle')}</h2>
          <p className={styles.welcomeSubtitle}>{t('auth.login.welcomeSubtitle')}</p>
          <Highlights className={styles.highlights} />
        </div>
        <p className={styles.tagline}>{t('app.tagline')}</p>
        <div aria-hidden="true" className={styles.decoration} />
      </aside>
    </div>
  )
}

const styles = {
  page: css({
    display: 'grid',
    minHeight: '100dvh',
    gridTemplateColumns: {
      base: '1fr',
      lg: 'minmax(0, 1fr) minmax(0, 1fr)',
      xl: 'minmax(0, 1.1fr) minmax(0, 1fr)',
    },
    bg: 'bg.default',
  }),
  formSide: css({
    gridColumn: { base: '1', lg: '2' },
    gridRow: '1',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    px: { base: '6', md: '12' },
    py: { base: '10', md: '16' },
  }),
  formColumn: css({ width: 'full', maxWidth: '400px', display: 'flex', flexDirection: 'column', gap: '8' }),
  mobileBrand: css({ display: { base: 'inline-flex', lg: 'none' } }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  title: css({ textStyle: '3xl', fontWeight: 'bold', color: 'fg.default' }),
  subtitle: css({ textStyle: 'md', color: 'fg.muted' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  passwordBlock: css({ display: 'flex', flexDirection: 'column', gap: '2.5' }),
  largeInput: css({ h: '12', px: '4', textStyle: 'md' }),
  forgot: css({ alignSelf: 'flex-end', textStyle: 'sm' }),
  signUp: css({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: '1.5',
    textStyle: 'sm',
    color: 'fg.muted',
  }),
  formError: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    p: '3',
    borderRadius: 'l2',
    bg: 'danger.subtle',
    color: 'danger.text',
    borderWidth: '1px',
    borderColor: 'danger.border',
    textStyle: 'sm',
    fontWeight: 'medium',
    '& svg': { width: '5', height: '5', flexShrink: '0' },
  }),
  welcome: css({
    gridColumn: '1',
    gridRow: '1',
    display: { base: 'none', lg: 'flex' },
    flexDirection: 'column',
    justifyContent: 'space-between',
    gap: '10',
    position: 'relative',
    overflow: 'hidden',
    p: { lg: '12', xl: '16' },
    color: 'white',
    bgGradient: 'to-br',
    gradientFrom: 'brand.600',
    gradientVia: 'brand.800',
    gradientTo: 'brand.950',
  }),
  welcomeBody: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '5',
    maxWidth: '34rem',
    position: 'relative',
    zIndex: 1,
  }),
  welcomeTitle: css({ textStyle: '4xl', fontWeight: 'bold', lineHeight: '1.15' }),
  welcomeSubtitle: css({ textStyle: 'lg', color: 'white/80' }),
  highlights: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    mt: '2',
    '& li': { display: 'flex', alignItems: 'center', gap: '3', textStyle: 'md', color: 'white/90' },
    '& svg': { width: '5', height: '5', color: 'brand.200', flexShrink: '0' },
  }),
  tagline: css({ textStyle: 'sm', color: 'white/60', position: 'relative', zIndex: 1 }),
  // Two soft rings in the corner: depth without an image request.
  decoration: css({
    position: 'absolute',
    width: '520px',
    height: '520px',
    right: '-180px',
    bottom: '-200px',
    borderRadius: 'full',
    border: '80px solid rgb(255 255 255 / 0.06)',
    boxShadow: '0 0 0 80px rgb(255 255 255 / 0.04)',
    pointerEvents: 'none',
  }),
}
