// The franchise page's points expiry section (issue 23): off, after N months without a visit, or each
// earning batch N months after it was earned; and the reminder sent 30 days before. Its own machine
// (expiry-settings), which calls src/api itself; the text rules are the domain's. What the draft will
// do, and the confirmation of a change of rule, are ExpiryPreviewNote's (issue 34).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { expirySettingsMachine } from '../../../machines/expiry-settings/expiry-settings.machine'
import { toExpirySettingsView } from '../../../machines/expiry-settings/expiry-settings.view'
import { EXPIRY_MODES, type ExpiryDraft } from '../../domain/expiry'
import { Button } from '../../ui/Button'
import { useAppEffects } from '../../ui/effects/app-effects'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { NativeSelect } from '../../ui/NativeSelect'
import { ExpiryConfirmDialog, ExpiryPreviewNote } from './ExpiryPreviewNote'
import { CheckRow, SaveRow, Section, SectionForm, styles, TextAreaRow, useT } from './parts'

const ExpiryContext = createActorContext(expirySettingsMachine)

export function FranchiseExpiry({
  franchiseId,
  countryAlpha3,
}: {
  franchiseId: string
  countryAlpha3: string
}) {
  const effects = useAppEffects()
  // A test or a story hands one provided with fakes.
  const provided = useProvided(expirySettingsMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  return (
    <ExpiryContext.Provider logic={machine} options={{ input: { franchiseId, countryAlpha3 } }}>
      <ExpirySection />
    </ExpiryContext.Provider>
  )
}

function ExpirySection() {
  const t = useT()
  const view = ExpiryContext.useSelector(toExpirySettingsView)
  const { send } = ExpiryContext.useActorRef()
  const change = (changes: Partial<ExpiryDraft>) => send({ type: 'expiry.change', changes })
  const error = (field: string) => {
    const key = view.errors[field]
    return key ? t(`expiry.errors.${key}` as MessageId) : undefined
  }
  return (
    <Section
      id="franchise-expiry"
      title={t('expiry.settings.title')}
      description={t('expiry.settings.description')}
    >
      {view.isLoading ? (
        <p role="status">{t('expiry.settings.loading')}</p>
      ) : view.isFailed ? (
        <div role="alert" className={styles.alert}>
          <p>{t('expiry.settings.loadError')}</p>
          <Button variant="outline" tone="neutral" onClick={() => send({ type: 'expiry.retry' })}>
            {t('franchise.retry')}
          </Button>
        </div>
      ) : (
        <SectionForm onSave={() => send({ type: 'expiry.save' })}>
          <NativeSelect
            label={t('expiry.settings.mode')}
            value={view.draft.mode}
            disabled={!view.canEdit}
            options={EXPIRY_MODES.map((m) => ({ value: m, label: t(`expiry.modes.${m}` as MessageId) }))}
            hint={t(`expiry.modes.${view.draft.mode}.help` as MessageId)}
            onChange={(mode) => change({ mode: mode as ExpiryDraft['mode'] })}
          />
          {view.isOn && (
            <>
              <TextField
                label={t('expiry.settings.months')}
                inputMode="numeric"
                value={view.draft.months}
                readOnly={!view.canEdit}
                invalid={!!view.errors.months}
                errorText={error('months')}
                onChange={(ev) => change({ months: ev.currentTarget.value })}
              />
              <CheckRow
                label={t('expiry.settings.reminder')}
                checked={view.draft.reminderEnabled}
                disabled={!view.canEdit}
                onChange={(reminderEnabled) => change({ reminderEnabled })}
              />
            </>
          )}
          {view.hasReminder && (
            <>
              <NativeSelect
                label={t('expiry.settings.channel')}
                value={view.draft.channel}
                disabled={!view.canEdit}
                options={[
                  { value: 'SMS', label: 'SMS' },
                  { value: 'PUSH', label: t('expiry.settings.push') },
                ]}
                onChange={(channel) => change({ channel: channel as ExpiryDraft['channel'] })}
              />
              {view.isPush && (
                <TextField
                  label={t('expiry.settings.reminderTitle')}
                  value={view.draft.title}
                  readOnly={!view.canEdit}
                  invalid={!!view.errors.title}
                  errorText={error('title')}
                  onChange={(ev) => change({ title: ev.currentTarget.value })}
                />
              )}
              <TextAreaRow
                label={t('expiry.settings.reminderMessage')}
                value={view.draft.message}
                readOnly={!view.canEdit}
                error={error('message')}
                onChange={(message) => change({ message })}
              />
            </>
          )}
          <ExpiryPreviewNote view={view} onRetry={() => send({ type: 'expiry.retry' })} />
          {view.canEdit && (
            <SaveRow
              saving={view.isSaving}
              canSave={view.canSave}
              resetDisabled={view.isSaving}
              onReset={() => send({ type: 'expiry.reset' })}
            />
          )}
        </SectionForm>
      )}
      <ExpiryConfirmDialog
        view={view}
        onConfirm={() => send({ type: 'expiry.confirm' })}
        onCancel={() => send({ type: 'expiry.cancel' })}
      />
    </Section>
  )
}
