// The theme section: three colours (a picker and the #rrggbb text each) and a sample card drawn with
// the draft colours, so the owner sees them before saving; cancel goes back to the saved ones.
import { readableOn, textOn } from '../../domain/colour'
import { HEX_COLOR } from '../../domain/franchise-settings'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { type PartProps, Section, styles, useT } from './parts'

const KEYS = ['primaryColor', 'secondaryColor', 'tertiaryColor'] as const

export function ThemeSection({ view, send }: PartProps) {
  const t = useT()
  const { theme } = view
  // A half-typed colour is not drawn: the preview keeps a neutral colour until it is whole.
  const safe = (c: string, fallback: string) => (HEX_COLOR.test(c) ? c : fallback)
  const primary = safe(theme.primaryColor, '#888888')
  const secondary = safe(theme.secondaryColor, '#bbbbbb')
  const tertiary = safe(theme.tertiaryColor, '#ffffff')
  return (
    <Section
      id="franchise-theme"
      title={t('franchise.theme.title')}
      description={t('franchise.theme.description')}
    >
      {KEYS.map((key) => (
        <div key={key} className={styles.row}>
          <input
            type="color"
            className={styles.swatch}
            aria-label={t('franchise.theme.picker', { name: t(`franchise.theme.${key}`) })}
            value={safe(theme[key], '#000000')}
            disabled={!view.canEdit}
            onChange={(e) => send({ type: 'theme.change', changes: { [key]: e.currentTarget.value } })}
          />
          <TextField
            label={t(`franchise.theme.${key}`)}
            value={theme[key]}
            maxLength={7}
            spellCheck={false}
            readOnly={!view.canEdit}
            invalid={!HEX_COLOR.test(theme[key])}
            errorText={t('franchise.theme.invalid')}
            onChange={(e) => send({ type: 'theme.change', changes: { [key]: e.currentTarget.value.trim() } })}
          />
        </div>
      ))}
      <figure aria-label={t('franchise.theme.preview')} data-testid="theme-preview" data-primary={primary}>
        <figcaption className={styles.muted}>{t('franchise.theme.preview')}</figcaption>
        {/* Drawn as the scan page draws them: text on each colour in black or white, the primary
            shaded where it would not read on the tertiary. */}
        <div
          className={styles.preview}
          style={{ background: tertiary, color: textOn(tertiary), borderTop: `6px solid ${primary}` }}
        >
          <strong style={{ color: readableOn(primary, tertiary) }}>{view.franchise?.name ?? ''}</strong>
          <span className={styles.previewChip} style={{ background: secondary, color: textOn(secondary) }}>
            {t('franchise.theme.previewCard')}
          </span>
          <span>{t('franchise.theme.previewPoints')}</span>
          <span className={styles.previewButton} style={{ background: primary, color: textOn(primary) }}>
            {t('franchise.theme.previewAction')}
          </span>
        </div>
      </figure>
      {view.canEdit && (
        <div className={styles.actions}>
          <Button
            variant="outline"
            tone="neutral"
            disabled={!view.isThemeChanged || view.isSavingTheme}
            onClick={() => send({ type: 'theme.cancel' })}
          >
            {t('franchise.cancel')}
          </Button>
          <Button
            loading={view.isSavingTheme}
            disabled={!view.canSaveTheme}
            onClick={() => send({ type: 'theme.save' })}
          >
            {t('franchise.save')}
          </Button>
        </div>
      )}
    </Section>
  )
}
