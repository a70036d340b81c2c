// The editor's first step (§3 campaign filters, §5): the channel, the stores (franchise xor stores), every
// filter with its rule's error on the field, and the campaign's name. The audience panel sits beside it.
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import type { NumberFilter, TextFilter } from '../../domain/campaign-draft'
import { CLIENT_SOURCES } from '../../domain/campaigns'
import { CLIENT_TYPES } from '../../domain/clients'
import { Checkboxes, Input, Radios, Section, styles } from '../../ui/campaign-parts'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { SmsReadinessNote } from './SmsReadinessNote'

type Props = { view: CampaignEditorView; send: (e: CampaignEditorEvent) => void }

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

export function TargetStep({ view, send }: Props) {
  const t = useT()
  const f = view.draft.filters
  const e = view.errors.target
  const set = (field: TextFilter | 'gender' | 'scope') => (value: string) =>
    send({ type: 'editor.filter', field, value })
  const label = (id: string) => t(`communication.target.${id}` as MessageId)
  return (
    <div className={styles.fieldset}>
      <Section title={t('communication.steps.target')}>
        <Input
          label={t('communication.fields.name')}
          value={view.draft.name}
          error={e.name}
          name="name"
          onChange={(value) => send({ type: 'editor.name', value })}
        />
        <Radios
          legend={t('communication.fields.channel')}
          name="channel"
          value={view.draft.channel}
          options={[
            { value: 'SMS', label: t('communication.channel.sms') },
            { value: 'PUSH', label: t('communication.channel.push') },
          ]}
          onChange={(channel) => send({ type: 'editor.channel', channel })}
        />
        {view.draft.channel === 'SMS' && <SmsReadinessNote readiness={view.smsReadiness} />}
        <Radios
          legend={t('communication.target.scope')}
          name="scope"
          value={f.scope}
          options={[
            { value: 'franchise', label: t('communication.target.wholeFranchise') },
            { value: 'stores', label: t('communication.target.someStores') },
          ]}
          onChange={set('scope')}
        />
        {f.scope === 'stores' && (
          <Checkboxes
            legend={t('communication.target.stores')}
            options={view.stores.map((s) => ({ value: s.id, label: s.name }))}
            value={f.storeIds}
            error={e.storeIds}
            onToggle={(value) => send({ type: 'editor.toggle', field: 'storeIds', value })}
          />
        )}
      </Section>
      <Section title={t('communication.target.filters')}>
        <div className={styles.grid}>
          {RANGES.map((r) => (
            <fieldset key={r.label} className={styles.fieldset}>
              <legend className={styles.legend}>{label(r.label)}</legend>
              <div className={styles.grid}>
                <Input
                  label={t('communication.target.min')}
                  value={f[r.min]}
                  error={e[r.min]}
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
          onToggle={(value) => send({ type: 'editor.toggle', field: 'clientsTypes', value })}
        />
        <Checkboxes
          legend={label('acquiredFrom')}
          options={CLIENT_SOURCES.map((v) => ({
            value: v,
            label: t(`pages.clients.sources.${v}` as MessageId),
          }))}
          value={f.clientsAcquiredFrom}
          error={e.clientsAcquiredFrom}
          onToggle={(value) => send({ type: 'editor.toggle', field: 'clientsAcquiredFrom', value })}
        />
      </Section>
    </div>
  )
}
