import type { FormEvent, ReactNode } from 'react'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { Preferences } from '../../../machines/preferences/preferences'
import { LAYOUTS, THEMES } from '../../../machines/preferences/preferences'
import type { ProfileEvent } from '../../../machines/profile/profile.machine'
import type { ProfileView } from '../../../machines/profile/profile.view'
import { DEFAULT_START_PAGE, ROUTES } from '../../domain/access'
import { LOCALES, type Locale } from '../../domain/locale'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { ErrorPanel } from '../../ui/Panels'

/** §2 start pages an owner may choose (the owner pages of the navigation). */
export const START_PAGES: readonly { path: string; label: MessageId }[] = [
  { path: ROUTES.analytics.path, label: 'nav.dashboard' },
  { path: ROUTES.clients.path, label: 'nav.clients' },
  { path: ROUTES.loyalty.path, label: 'nav.loyalty' },
  { path: ROUTES.campaignHistory.path, label: 'nav.campaign' },
  { path: ROUTES.satisfaction.path, label: 'nav.satisfaction' },
  { path: ROUTES.stores.path, label: 'nav.stores' },
]
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' }
const LAYOUT_LABELS: Record<Preferences['layout'], MessageId> = {
  vertical: 'shell.settings.layoutVertical',
  horizontal: 'shell.settings.layoutHorizontal',
}
const THEME_LABELS: Record<Preferences['theme'], MessageId> = {
  light: 'shell.settings.themeLight',
  dark: 'shell.settings.themeDark',
}

export interface ProfilePageProps {
  view: ProfileView
  send: (event: ProfileEvent) => void
  preferences: Preferences
  onPreferences: (changes: Partial<Preferences>) => void
  /** "Manage the subscription" (SubscriptionCard on the subscription machine). */
  subscription: ReactNode
}

export function ProfilePage({ view, send, preferences, onPreferences, subscription }: ProfilePageProps) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!view.isSaving) send({ type: 'profile.save' })
  }
  return (
    <div className={styles.page}>
      <title>{`${t('profile.title')} · ${t('app.name')}`}</title>
      <h1 className={styles.title}>{t('profile.title')}</h1>

      <Card title={t('profile.info.title')}>
        {view.isFailed ? (
          <ErrorPanel message={t('profile.errors.load')} onRetry={() => send({ type: 'profile.retry' })} />
        ) : view.isLoading ? (
          <p className={styles.muted} aria-busy="true">
            {t('profile.loading')}
          </p>
        ) : (
          <div className={styles.info}>
            <ImageUpload
              label={t('profile.info.photo')}
              value={view.photoURL}
              uploading={view.isUploading}
              error={view.uploadError ? t(view.uploadError as MessageId) : undefined}
              onSelect={(file) => send({ type: 'profile.photo', file })}
              onRemove={() => send({ type: 'profile.removePhoto' })}
            />
            <form className={styles.form} onSubmit={save} noValidate>
              <TextField
                label={t('profile.info.displayName')}
                name="displayName"
                autoComplete="name"
                required
                maxLength={121}
                value={view.displayName}
                onChange={(e) => send({ type: 'profile.changeName', value: e.currentTarget.value })}
                invalid={Boolean(view.nameError)}
                errorText={view.nameError ? t(view.nameError as MessageId) : undefined}
              />
              <TextField
                label={t('profile.info.email')}
                type="email"
                value={view.email}
                readOnly
                helperText={t('profile.info.emailHint')}
              />
              <div className={styles.actions}>
                <Button type="submit" loading={view.isSaving} disabled={!view.isDirty}>
                  {t('profile.info.save')}
                </Button>
                {view.isDirty && (
                  <Button variant="outline" tone="neutral" onClick={() => send({ type: 'profile.reset' })}>
                    {t('profile.info.undo')}
                  </Button>
                )}
              </div>
            </form>
          </div>
        )}
      </Card>

      <Card title={t('profile.subscription.title')}>{subscription}</Card>

      <Card title={t('profile.preferences.title')}>
        <div className={styles.preferences}>
          <NativeSelect
            label={t('profile.preferences.startPage')}
            hint={t('profile.preferences.startPageHint')}
            value={view.startPage ?? DEFAULT_START_PAGE}
            options={START_PAGES.map((p) => ({ value: p.path, label: t(p.label) }))}
            onChange={(path) => send({ type: 'preferences.startPage', path })}
          />
          <NativeSelect
            label={t('profile.preferences.language')}
            value={preferences.language}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(language) => onPreferences({ language: language as Locale })}
          />
          <NativeSelect
            label={t('shell.settings.layout')}
            value={preferences.layout}
            options={LAYOUTS.map((l) => ({ value: l, label: t(LAYOUT_LABELS[l]) }))}
            onChange={(layout) => onPreferences({ layout: layout as Preferences['layout'] })}
          />
          <NativeSelect
            label={t('shell.settings.theme')}
            value={preferences.theme}
            options={THEMES.map((l) => ({ value: l, label: t(THEME_LABELS[l]) }))}
            onChange={(theme) => onPreferences({ theme: theme as Preferences['theme'] })}
          />
        </div>
      </Card>
    </div>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl', mx: 'auto', w: 'full' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  card: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: '5',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  cardTitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  info: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '14rem 1fr' }, gap: '6' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  preferences: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
}
