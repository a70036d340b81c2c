// The franchise page's information, loyalty-rule and clients-and-messages sections.
import { useIntl } from 'react-intl'
import { countryDefaults, countryOptions } from '../../domain/countries'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { ImageUpload } from '../../ui/ImageUpload'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { CheckRow, type PartProps, SaveRow, Section, SectionForm, styles, TextAreaRow, useT } from './parts'

export function InfoSection({ view, send }: PartProps) {
  const t = useT()
  const { info, infoErrors: e } = view
  const countries = countryOptions(useIntl().locale, info.codeAlpha3)
  const d = countryDefaults(info.codeAlpha3)
  const busy = view.isSavingInfo || view.isUploadingLogo
  const change = (changes: Partial<typeof info>) => send({ type: 'info.change', changes })
  return (
    <Section id="franchise-info" title={t('franchise.info.title')}>
      <SectionForm onSave={() => send({ type: 'info.save' })}>
        <TextField
          label={t('franchise.info.name')}
          value={info.name}
          required
          readOnly={!view.canEdit}
          invalid={!!e.name}
          errorText={e.name ? t(e.name as MessageId) : undefined}
          onChange={(ev) => change({ name: ev.currentTarget.value })}
        />
        <TextAreaRow
          label={t('franchise.info.description')}
          value={info.description}
          readOnly={!view.canEdit}
          error={e.description ? t(e.description as MessageId) : undefined}
          onChange={(description) => change({ description })}
        />
        <ImageUpload
          label={t('franchise.info.logo')}
          value={info.logo}
          uploading={view.isUploadingLogo}
          disabled={!view.canEdit || view.isSavingInfo}
          onSelect={(file) => send({ type: 'info.logo', file })}
          onRemove={() => change({ logo: null })}
        />
        <NativeSelect
          className={styles.field}
          label={t('franchise.info.country')}
          value={info.codeAlpha3}
          options={countries}
          disabled={!view.canEdit}
          onChange={(codeAlpha3) => change({ codeAlpha3 })}
          error={e.codeAlpha3 ? t(e.codeAlpha3 as MessageId) : undefined}
          hint={
            d ? t('franchise.info.countryHelp', { timezone: d.timezone, currency: d.currencyCode }) : null
          }
        />
        {view.canEdit && (
          <SaveRow
            saving={view.isSavingInfo}
            canSave={view.canSaveInfo}
            resetDisabled={busy}
            onReset={() => send({ type: 'info.reset' })}
          />
        )}
      </SectionForm>
    </Section>
  )
}

export function RulesSection({ view, send }: PartProps) {
  const t = useT()
  const { rules, rulesErrors: e } = view
  const change = (changes: Partial<typeof rules>) => send({ type: 'rules.change', changes })
  return (
    <Section id="franchise-rules" title={t('franchise.rules.title')}>
      <SectionForm onSave={() => send({ type: 'rules.save' })}>
        <TextField
          label={t('franchise.rules.tagScanMinutes')}
          inputMode="numeric"
          value={rules.tagScanMinutes}
          readOnly={!view.canEdit}
          helperText={t('franchise.rules.tagScanHelp')}
          invalid={!!e.tagScanMinutes}
          errorText={e.tagScanMinutes ? t(e.tagScanMinutes as MessageId) : undefined}
          onChange={(ev) => change({ tagScanMinutes: ev.currentTarget.value })}
        />
        <CheckRow
          label={t('franchise.rules.hasMaxPoints')}
          checked={rules.hasMaxPointsEnabled}
          disabled={!view.canEdit}
          onChange={(hasMaxPointsEnabled) => change({ hasMaxPointsEnabled })}
        />
        <TextField
          label={t('franchise.rules.maxPoints')}
          inputMode="numeric"
          value={rules.maxPoints}
          readOnly={!view.canEdit}
          disabled={!rules.hasMaxPointsEnabled}
          invalid={!!e.maxPoints}
          errorText={e.maxPoints ? t(e.maxPoints as MessageId) : undefined}
          onChange={(ev) => change({ maxPoints: ev.currentTarget.value })}
        />
        {/* Issue 16 #5: visits without the scanner screen's rotating code, capped per phone per day. */}
        <CheckRow
          label={t('franchise.rules.allowStaticTags')}
          checked={rules.allowStaticTags}
          disabled={!view.canEdit}
          onChange={(allowStaticTags) => change({ allowStaticTags })}
        />
        <TextField
          label={t('franchise.rules.staticTagDailyVisitCap')}
          inputMode="numeric"
          value={rules.staticTagDailyVisitCap}
          readOnly={!view.canEdit}
          disabled={!rules.allowStaticTags}
          helperText={t('franchise.rules.staticTagsHelp')}
          invalid={!!e.staticTagDailyVisitCap}
          errorText={e.staticTagDailyVisitCap ? t(e.staticTagDailyVisitCap as MessageId) : undefined}
          onChange={(ev) => change({ staticTagDailyVisitCap: ev.currentTarget.value })}
        />
        {/* §5: news and happy hours running at once in one store. */}
        <TextField
          label={t('franchise.rules.newsMaxConcurrent')}
          inputMode="numeric"
          value={rules.newsMaxConcurrent}
          readOnly={!view.canEdit}
          helperText={t('franchise.rules.newsMaxConcurrentHelp')}
          invalid={!!e.newsMaxConcurrent}
          errorText={e.newsMaxConcurrent ? t(e.newsMaxConcurrent as MessageId) : undefined}
          onChange={(ev) => change({ newsMaxConcurrent: ev.currentTarget.value })}
        />
        {view.canEdit && (
          <SaveRow
            saving={view.isSavingRules}
            canSave={view.canSaveRules}
            resetDisabled={view.isSavingRules}
            onReset={() => send({ type: 'rules.reset' })}
          />
        )}
      </SectionForm>
    </Section>
  )
}

/** Summaries of the three dialog-edited settings, each with its button. */
export function SettingsSection({ view, send }: PartProps) {
  const t = useT()
  const intl = useIntl()
  const f = view.franchise
  if (!f) return null
  const lost = f.customersQualification.lostCustomers.timeSinceLastVisit
  const disabled = !view.canOpenDialogs
  return (
    <Section id="franchise-settings" title={t('franchise.settings.title')}>
      <div className={styles.summary}>
        <span>
          {t('franchise.qualification.summary', {
            value: lost.value,
            unit: t(`franchise.qualification.units.${lost.unit}`),
          })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => send({ type: 'qualification.open' })}
        >
          {t('franchise.qualification.edit')}
        </Button>
      </div>
      <div className={styles.summary}>
        <span>
          {t('franchise.averageBasket.summary', {
            amount: intl.formatNumber(f.averageBasketCents / 100, {
              style: 'currency',
              currency: f.currencyCode,
            }),
          })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => send({ type: 'averageBasket.open' })}
        >
          {t('franchise.averageBasket.edit')}
        </Button>
      </div>
      <div className={styles.summary}>
        <span>
          {f.senderId
            ? t('franchise.senderId.summary', { senderId: f.senderId })
            : t('franchise.senderId.none')}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => send({ type: 'senderId.open' })}
        >
          {t('franchise.senderId.edit')}
        </Button>
      </div>
    </Section>
  )
}
