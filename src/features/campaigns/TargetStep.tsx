// The editor's first step (§3 campaign filters, §5): the channel, the stores (franchise xor stores), every
// filter with its rule's error on the field (src/ui/AudienceFilters, shared with the automation editor),
// and the campaign's name. The audience panel sits beside it.
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import { AudienceFilters } from '../../ui/AudienceFilters'
import { Checkboxes, Input, Radios, Section, styles } from '../../ui/campaign-parts'
import { useT } from '../../ui/i18n/t'
import { SmsReadinessNote } from './SmsReadinessNote'

type Props = { view: CampaignEditorView; send: (e: CampaignEditorEvent) => void }

export function TargetStep({ view, send }: Props) {
  const t = useT()
  const f = view.draft.filters
  const e = view.errors.target
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
          onChange={(value) => send({ type: 'editor.filter', field: 'scope', value })}
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
        <AudienceFilters
          values={f}
          errors={e}
          onChange={(field, value) => send({ type: 'editor.filter', field, value })}
          onToggle={(field, value) => send({ type: 'editor.toggle', field, value })}
        />
      </Section>
    </div>
  )
}
