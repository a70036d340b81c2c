// The customer's side of the poster: the franchise's colours, the CRM form with the shared rules,
// e-mail and the marketing consent (unticked), then the phone code, then the points or "you already
// have a card". Touch targets of 48 px (src/ui/public-page.ts).
import type { CSSProperties } from 'react'
import type { LandingEvent } from '../../../machines/landing/landing.machine'
import type { LandingView } from '../../../machines/landing/landing.view'
import { readableOn, textOn } from '../../domain/colour'
import { valueErrorValues } from '../../domain/crm'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { useT } from '../../ui/i18n/t'
import { PhoneCodeForm } from '../../ui/PhoneCodeForm'
import { publicPage as p } from '../../ui/public-page'
import { Spinner } from '../../ui/Spinner'

const INPUT_TYPE = { SHORT_TEXT: 'text', NUMBER: 'text', DATE: 'date' } as const

export function LandingPage({ view, send }: { view: LandingView; send: (e: LandingEvent) => void }) {
  const t = useT()
  const info = view.info
  if (view.isLoading)
    return (
      <main className={p.page}>
        <div className={p.status}>
          <Spinner />
        </div>
      </main>
    )
  if (view.isNotFound || view.isFailed || !info)
    return (
      <main className={p.page}>
        <div className={p.body}>
          <p className={p.error} role="alert">
            {t(view.isNotFound ? 'landing.notFound' : 'landing.errors.load')}
          </p>
          {view.isFailed && (
            <Button onClick={() => send({ type: 'landing.retry' })}>{t('landing.retry')}</Button>
          )}
        </div>
      </main>
    )
  const th = info.theme
  const vars = {
    '--scan-primary': th.primaryColor,
    '--scan-on-primary': textOn(th.primaryColor),
    '--scan-secondary': th.secondaryColor,
    '--scan-on-secondary': textOn(th.secondaryColor),
    '--scan-tertiary': th.tertiaryColor,
    '--scan-on-tertiary': textOn(th.tertiaryColor),
    '--scan-primary-light': readableOn(th.primaryColor, '#ffffff'),
    '--scan-primary-dark': readableOn(th.primaryColor, '#18181b'),
  } as CSSProperties
  const points = info.registrationPoints
  return (
    <main className={p.page} style={vars}>
      <header className={p.header}>
        {info.logo && <img className={p.logo} src={info.logo} alt="" />}
        <div>
          <p className={p.franchise}>{info.franchiseName}</p>
          <h1 className={p.title}>{t('landing.title')}</h1>
        </div>
      </header>
      <div className={p.body}>
        <p className={p.highlight}>{t('landing.earn', { points })}</p>
        {view.step === 'form' && (
          <form
            className={p.card}
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              send({ type: 'landing.next' })
            }}
          >
            <p>{t('landing.intro')}</p>
            {info.fields.map((f) => (
              <TextField
                key={f.localId}
                label={f.isStatic ? t(`landing.static.${f.localId}` as never) : f.label}
                type={INPUT_TYPE[f.validation.type]}
                inputMode={f.validation.type === 'NUMBER' ? 'decimal' : undefined}
                required={f.validation.isRequired}
                value={view.values[f.localId] ?? ''}
                onChange={(e) => send({ type: 'landing.value', localId: f.localId, value: e.target.value })}
                onBlur={() => send({ type: 'landing.leave', part: f.localId })}
                invalid={!!view.errors[f.localId]}
                errorText={
                  view.errors[f.localId] ? t(view.errors[f.localId] as never, valueErrorValues(f)) : undefined
                }
              />
            ))}
            <TextField
              label={t('landing.email')}
              type="email"
              autoComplete="email"
              required
              value={view.email}
              onChange={(e) => send({ type: 'landing.email', value: e.target.value })}
              onBlur={() => send({ type: 'landing.leave', part: 'email' })}
              invalid={!!view.errors.email}
              errorText={view.errors.email ? t('landing.errors.email') : undefined}
            />
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', minHeight: '3rem' }}>
              <input
                type="checkbox"
                checked={view.consent}
                onChange={(e) => send({ type: 'landing.consent', value: e.target.checked })}
                style={{ width: '1.5rem', height: '1.5rem' }}
              />
              <span>{t('landing.consent', { franchise: info.franchiseName })}</span>
            </label>
            {view.error && (
              <p className={p.error} role="alert">
                {t(view.error as never)}
              </p>
            )}
            <Button type="submit" className={p.primary}>
              {t('landing.next')}
            </Button>
          </form>
        )}
        {view.step === 'phone' && view.phoneCode && (
          <div className={p.card}>
            <PhoneCodeForm actor={view.phoneCode} />
            <button type="button" className={p.link} onClick={() => send({ type: 'landing.back' })}>
              {t('landing.back')}
            </button>
          </div>
        )}
        {view.step === 'registering' && (
          <div className={p.status}>
            <Spinner />
          </div>
        )}
        {view.step === 'registered' && view.result && (
          <section className={p.card} aria-live="polite">
            <h2 className={p.h2}>{t('landing.welcome', { name: view.result.firstName })}</h2>
            <p className={p.points}>{t('landing.pointsEarned', { points: view.result.points })}</p>
            <p>{t('landing.balance', { balance: view.result.balance })}</p>
            {/* What to do next: the card lives on the phone number, collected at the counter. */}
            <p>{t('landing.nextStep', { franchise: info.franchiseName })}</p>
          </section>
        )}
        {view.step === 'alreadyClient' && (
          <section className={p.card} aria-live="polite">
            <p className={p.warning}>{t('landing.alreadyClient', { franchise: info.franchiseName })}</p>
          </section>
        )}
      </div>
    </main>
  )
}
