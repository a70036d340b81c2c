// The e-marketing screen: the form (logo, link, colours, registration points), a live preview of the
// landing page in those colours, and once saved the public link, its QR code (PNG, SVG, an A5 poster
// printed through the print stylesheet) and the counters (visits, registrations, conversion).

import { css } from 'styled-system/css'
import type { EmarketingEvent } from '../../../machines/emarketing/emarketing.machine'
import type { EmarketingView } from '../../../machines/emarketing/emarketing.view'
import { textOn } from '../../domain/colour'
import type { EmarketingForm } from '../../domain/emarketing'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { QrCode } from '../../ui/QrCode'
import { downloadPng, downloadSvg } from '../../ui/qr-files'
import { Spinner } from '../../ui/Spinner'

const s = {
  page: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, p: '4' }),
  card: css({
    bg: 'bg.default',
    borderRadius: 'l3',
    boxShadow: 'sm',
    p: '5',
    display: 'flex',
    flexDir: 'column',
    gap: '4',
  }),
  h2: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  colours: css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '3' }),
  counts: css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '3', textAlign: 'center' }),
  count: css({ fontSize: '2xl', fontWeight: 'bold' }),
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }),
  qr: css({ w: '48', h: '48' }),
  preview: css({ borderRadius: 'l3', overflow: 'hidden', borderWidth: '1px' }),
  previewHead: css({ p: '5', display: 'flex', gap: '3', alignItems: 'center' }),
  previewLogo: css({ w: '12', h: '12', borderRadius: 'full', objectFit: 'cover', bg: 'white' }),
  previewBody: css({ p: '5', display: 'flex', flexDir: 'column', gap: '3' }),
  previewBadge: css({ borderRadius: 'l2', p: '3', fontWeight: 'semibold' }),
  // The A5 poster: hidden on screen, the only thing printed.
  poster: css({
    display: 'none',
    '@media print': {
      display: 'flex',
      position: 'fixed',
      inset: '0',
      bg: 'white',
      flexDir: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '6mm',
      zIndex: 9999,
    },
  }),
  posterQr: css({ w: '90mm', h: '90mm' }),
  posterTitle: css({ fontSize: '24pt', fontWeight: 'bold', textAlign: 'center' }),
  posterUrl: css({ fontSize: '14pt' }),
}

// The poster is printed on A5 (it covers the page on paper: the screen's parts stay underneath).
const PRINT_CSS = '@page { size: A5 portrait; margin: 10mm }'

type Props = { view: EmarketingView; send: (e: EmarketingEvent) => void; franchiseName: string }

export function EmarketingPage({ view, send, franchiseName }: Props) {
  const t = useT()
  if (view.isLoading) return <Spinner />
  if (view.isFailed)
    return (
      <ErrorPanel message={t('emarketing.errors.load')} onRetry={() => send({ type: 'emarketing.retry' })} />
    )
  const f = view.form
  const field = (name: keyof EmarketingForm) => ({
    value: f[name],
    onChange: (e: { target: { value: string } }) =>
      send({ type: 'emarketing.field', name, value: e.target.value }),
    invalid: !!view.errors[name],
    errorText: view.errors[name] ? t(view.errors[name] as never) : undefined,
  })
  const points = Number(f.registrationPoints) || 0
  return (
    <div className={s.page}>
      <style>{PRINT_CSS}</style>
      <section className={s.card} aria-labelledby="emk-setup">
        <h2 id="emk-setup" className={s.h2}>
          {t(view.isSetUp ? 'emarketing.editTitle' : 'emarketing.setupTitle')}
        </h2>
        <form
          className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'emarketing.save' })
          }}
          noValidate
        >
          <ImageUpload
            label={t('emarketing.logo')}
            value={f.logo || null}
            onSelect={(file: File) => send({ type: 'emarketing.logo', file })}
            onRemove={() => send({ type: 'emarketing.removeLogo' })}
            uploading={view.isUploading}
            {...(view.logoError ? { error: t(view.logoError as never) } : {})}
            alt={franchiseName}
          />
          <TextField
            label={t('emarketing.link')}
            helperText={t('emarketing.linkHelp')}
            required
            {...field('link')}
          />
          <TextField
            label={t('emarketing.points')}
            inputMode="numeric"
            required
            {...field('registrationPoints')}
          />
          <div className={s.colours}>
            {(['primaryColor', 'secondaryColor', 'tertiaryColor'] as const).map((k) => (
              <TextField key={k} type="color" label={t(`emarketing.${k}` as never)} {...field(k)} />
            ))}
          </div>
          {view.formError && <p role="alert">{t(view.formError as never)}</p>}
          <Button type="submit" disabled={!view.canSave} loading={view.isSaving}>
            {t(view.isSetUp ? 'emarketing.save' : 'emarketing.create')}
          </Button>
        </form>
      </section>

      <section className={s.card} aria-labelledby="emk-preview">
        <h2 id="emk-preview" className={s.h2}>
          {t('emarketing.preview')}
        </h2>
        <div className={s.preview} style={{ background: f.tertiaryColor, color: textOn(f.tertiaryColor) }}>
          <div
            className={s.previewHead}
            style={{ background: f.primaryColor, color: textOn(f.primaryColor) }}
          >
            {f.logo && <img className={s.previewLogo} src={f.logo} alt="" />}
            <strong>{franchiseName}</strong>
          </div>
          <div className={s.previewBody}>
            <p
              className={s.previewBadge}
              style={{ background: f.secondaryColor, color: textOn(f.secondaryColor) }}
            >
              {t('landing.earn', { points })}
            </p>
            <p>{t('landing.intro')}</p>
          </div>
        </div>
      </section>

      {view.publicUrl && (
        <section className={s.card} aria-labelledby="emk-link">
          <h2 id="emk-link" className={s.h2}>
            {t('emarketing.publicLink')}
          </h2>
          <a href={view.publicUrl} target="_blank" rel="noreferrer">
            {view.publicUrl}
          </a>
          <QrCode text={view.publicUrl} label={t('emarketing.qrLabel')} className={s.qr} />
          <div className={s.row}>
            <Button variant="outline" onClick={() => downloadPng(view.publicUrl!, `e-marketing-${f.link}`)}>
              {t('emarketing.downloadPng')}
            </Button>
            <Button variant="outline" onClick={() => downloadSvg(view.publicUrl!, `e-marketing-${f.link}`)}>
              {t('emarketing.downloadSvg')}
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              {t('emarketing.printPoster')}
            </Button>
          </div>
          <div className={s.poster} aria-hidden="true">
            <p className={s.posterTitle}>{franchiseName}</p>
            <p className={s.posterTitle}>{t('landing.earn', { points })}</p>
            <QrCode text={view.publicUrl} label="" className={s.posterQr} />
            <p className={s.posterUrl}>{view.publicUrl}</p>
          </div>
        </section>
      )}

      {view.isSetUp && (
        <section className={s.card} aria-labelledby="emk-counts">
          <h2 id="emk-counts" className={s.h2}>
            {t('emarketing.counters')}
          </h2>
          <dl className={s.counts}>
            <div>
              <dt>{t('emarketing.visits')}</dt>
              <dd className={s.count}>{view.counts.visits}</dd>
            </div>
            <div>
              <dt>{t('emarketing.registrations')}</dt>
              <dd className={s.count}>{view.counts.registrations}</dd>
            </div>
            <div>
              <dt>{t('emarketing.conversion')}</dt>
              <dd className={s.count}>{view.conversion}%</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  )
}
