// The audience filters' fields (§3 campaignFilters; the stores aside): the ranges, the visit period,
// gender, postcodes and radius, origin provider, client types and sources, each with its rule's error.
// Driven by plain props, so that the campaign editor's target step and the automated-marketing editor
// render the same fields; the rules themselves live in src/domain/audience-filters.ts.
import type {
  AudienceField,
  AudienceForm,
  AudienceList,
  FieldErrors,
  NumberFilter,
} from '../domain/audience-filters'
import { CLIENT_SOURCES } from '../domain/campaigns'
import { CLIENT_TYPES } from '../domain/clients'
import { Checkboxes, Input, styles } from './campaign-parts'
import type { MessageId } from './i18n/messages'
import { useT } from './i18n/t'
import { NativeSelect } from './NativeSelect'

export type AudienceFiltersProps = {
  values: AudienceForm
  /** Error codes by field (communication.errors.<code>). */
  errors: FieldErrors
  onChange: (field: AudienceField, value: string) => void
  onToggle: (field: AudienceList, value: string) => void
}

const RANGES: readonly { label: string; min: NumberFilter; max: NumberFilter; decimal?: boolean }[] = [
  { label: 'age', min: 'minAge', max: 'maxAge' },
  { label: 'loyaltyPoints', min: 'minLoyaltyPoints', max: 'maxLoyaltyPoints', decimal: true },
  { label: 'collectedPoints', min: 'minCollectedPoints', max: 'maxCollectedPoints', decimal: true },
  { label: 'averageBasket', min: 'minAverageBasket', max: 'maxAverageBasket', decimal: true },
  {
    label: 'weeklyAverageBasket',
    min: 'minWeeklyAverageBasket',
    max: 'maxWeeklyAverageBasket',
    decimal: true,
  },
  { label: 'visits', min: 'minNbPassageTransactions', max: 'maxNbPassageTransactions' },
]

export function AudienceFilters({ values: f, errors: e, onChange, onToggle }: AudienceFiltersProps) {
  const t = useT()
  const set = (field: AudienceField) => (value: string) => onChange(field, value)
  const label = (id: string) => t(`communication.target.${id}` as MessageId)
  // A minimum above its maximum names both, as typed: the field says which limits disagree.
  const rangeError = (r: (typeof RANGES)[number]) =>
    e[r.min] === 'MIN_ABOVE_MAX'
      ? t('communication.target.minAboveMax', { min: f[r.min].trim(), max: f[r.max].trim() })
      : undefined
  return (
    <>
      <div className={styles.grid}>
        {RANGES.map((r) => (
          <fieldset key={r.label} className={styles.fieldset}>
            <legend className={styles.legend}>{label(r.label)}</legend>
            <div className={styles.grid}>
              <Input
                label={t('communication.target.min')}
                value={f[r.min]}
                error={e[r.min]}
                errorText={rangeError(r)}
                name={r.min}
                inputMode={r.decimal ? 'decimal' : 'numeric'}
                onChange={set(r.min)}
              />
              <Input
                label={t('communication.target.max')}
                value={f[r.max]}
                error={e[r.max]}
                name={r.max}
                inputMode={r.decimal ? 'decimal' : 'numeric'}
                onChange={set(r.max)}
              />
            </div>
          </fieldset>
        ))}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{label('visitPeriod')}</legend>
          <div className={styles.grid}>
            <Input
              label={t('communication.target.from')}
              type="date"
              value={f.startPassageDate}
              error={e.startPassageDate}
              name="startPassageDate"
              onChange={set('startPassageDate')}
            />
            <Input
              label={t('communication.target.to')}
              type="date"
              value={f.endPassageDate}
              error={e.endPassageDate}
              name="endPassageDate"
              onChange={set('endPassageDate')}
            />
          </div>
        </fieldset>
        <NativeSelect
          label={label('gender')}
          value={f.gender}
          options={[
            { value: '', label: t('communication.target.anyGender') },
            { value: 'women', label: t('communication.target.women') },
            { value: 'men', label: t('communication.target.men') },
          ]}
          onChange={set('gender')}
        />
        <Input
          label={label('postcodes')}
          value={f.zipOrPostcodes}
          error={e.zipOrPostcodes}
          name="zipOrPostcodes"
          helperText={t('communication.target.postcodesHelp')}
          onChange={set('zipOrPostcodes')}
        />
        <Input
          label={label('radiusKm')}
          value={f.radiusKm}
          error={e.radiusKm}
          name="radiusKm"
          inputMode="decimal"
          onChange={set('radiusKm')}
        />
        <Input
          label={label('radiusPostcode')}
          value={f.radiusPostcode}
          error={e.radiusPostcode}
          name="radiusPostcode"
          onChange={set('radiusPostcode')}
        />
        <Input
          label={label('originProviderId')}
          value={f.originProviderId}
          error={e.originProviderId}
          name="originProviderId"
          onChange={set('originProviderId')}
        />
      </div>
      <Checkboxes
        legend={label('clientTypes')}
        options={CLIENT_TYPES.map((v) => ({
          value: v,
          label: t(`pages.clients.types.${v.split('_')[0]!.toLowerCase()}` as MessageId),
        }))}
        value={f.clientsTypes}
        error={e.clientsTypes}
        onToggle={(value) => onToggle('clientsTypes', value)}
      />
      <Checkboxes
        legend={label('acquiredFrom')}
        options={CLIENT_SOURCES.map((v) => ({
          value: v,
          label: t(`pages.clients.sources.${v}` as MessageId),
        }))}
        value={f.clientsAcquiredFrom}
        error={e.clientsAcquiredFrom}
        onToggle={(value) => onToggle('clientsAcquiredFrom', value)}
      />
    </>
  )
}
