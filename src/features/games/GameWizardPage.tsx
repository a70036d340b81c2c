// /pages/games/new: the gift wheel's creation in three steps (wheel, rewards, duration) beside a live
// preview of the wheel, its slices sized by the weights typed (SPEC §2, §5 Game; issue 22).

import type { FormEvent } from 'react'
import type { GameWizardEvent } from '../../../machines/game-wizard/game-wizard.machine'
import type { GameWizardView } from '../../../machines/game-wizard/game-wizard.view'
import { GAME_ACTIONS } from '../../domain/game-wheel'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { GiftWheel } from '../../ui/GiftWheel'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey, useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { ErrorPanel } from '../../ui/Panels'
import { StoreCheckboxes } from '../../ui/StoreCheckboxes'
import { PageLoading } from '../../ui/shell/PageLoading'
import { styles } from './GameWizard.styles'
import { RewardsStep } from './RewardsStep'

export type WizardProps = {
  view: GameWizardView
  send: (e: GameWizardEvent) => void
  stores: readonly { id: string; name: string }[]
  currency: string
}

export function GameWizardPage({ view, send, stores, currency }: WizardProps) {
  const t = useT()
  const err = (field: string) =>
    view.errors[field] ? t(`games.errors.${view.errors[field]}` as MessageId) : undefined
  const title = t(view.isEdit ? 'games.wizard.editTitle' : 'games.wizard.title')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: view.step === 'duration' ? 'wizard.submit' : 'wizard.next' })
  }
  const d = view.draft
  if (view.isLoading) return <PageLoading />
  if (view.isLoadFailed)
    return <ErrorPanel message={t('games.errors.fetchInfo')} onRetry={() => send({ type: 'wizard.retry' })} />
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className={styles.title}>{title}</h1>
      <ol className={styles.steps} aria-label={t('games.wizard.steps')}>
        {view.steps.map((s, i) => (
          <li key={s} aria-current={s === view.step ? 'step' : undefined} className={styles.step}>
            {i + 1}. {t(`games.wizard.step.${s}`)}
          </li>
        ))}
      </ol>
      <div className={styles.columns}>
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-label={t(`games.wizard.step.${view.step}`)}
        >
          {view.step === 'wheel' && (
            <>
              <TextField
                label={t('games.fields.name')}
                value={d.name}
                required
                invalid={!!err('name')}
                errorText={err('name')}
                onChange={(e) => send({ type: 'wizard.set', patch: { name: e.currentTarget.value } })}
              />
              <NativeSelect
                label={t('games.fields.action')}
                value={d.action}
                options={GAME_ACTIONS.map((a) => ({ value: a, label: t(`games.actions.${enumKey(a)}`) }))}
                onChange={(v) =>
                  send({ type: 'wizard.set', patch: { action: v as (typeof GAME_ACTIONS)[number] } })
                }
              />
              {(d.action === 'INSTAGRAM' || d.action === 'FACEBOOK') && (
                <TextField
                  label={t('games.fields.actionUrl')}
                  type="url"
                  value={d.actionUrl ?? ''}
                  invalid={!!err('actionUrl')}
                  errorText={err('actionUrl')}
                  onChange={(e) => send({ type: 'wizard.set', patch: { actionUrl: e.currentTarget.value } })}
                />
              )}
              <StoreCheckboxes
                legend={t('games.fields.stores')}
                stores={stores}
                checked={d.storeInfos.map((s) => s.storeId)}
                error={err('storeInfos')}
                onToggle={(storeId) => send({ type: 'wizard.toggleStore', storeId })}
              />
              {d.action === 'GOOGLE' &&
                d.storeInfos.map((s, i) => (
                  <TextField
                    key={s.storeId}
                    label={t('games.fields.googleLink', {
                      store: stores.find((x) => x.id === s.storeId)?.name ?? '',
                    })}
                    type="url"
                    value={s.googleLink ?? ''}
                    invalid={!!err(`storeInfos.${i}.googleLink`)}
                    errorText={err(`storeInfos.${i}.googleLink`)}
                    onChange={(e) =>
                      send({ type: 'wizard.storeLink', storeId: s.storeId, link: e.currentTarget.value })
                    }
                  />
                ))}
            </>
          )}
          {view.step === 'rewards' && <RewardsStep view={view} send={send} currency={currency} err={err} />}
          {view.step === 'duration' && (
            <>
              <TextField
                label={t('games.fields.startDate')}
                type="date"
                required
                value={d.startDate}
                invalid={!!err('startDate')}
                errorText={err('startDate')}
                onChange={(e) => send({ type: 'wizard.set', patch: { startDate: e.currentTarget.value } })}
              />
              <TextField
                label={t('games.fields.endDate')}
                helperText={t('games.fields.endDateHelp')}
                type="date"
                value={d.endDate ?? ''}
                invalid={!!err('endDate')}
                errorText={err('endDate')}
                onChange={(e) =>
                  send({ type: 'wizard.set', patch: { endDate: e.currentTarget.value || null } })
                }
              />
            </>
          )}
          <div className={styles.buttons}>
            {view.canGoBack && (
              <Button
                type="button"
                variant="outline"
                tone="neutral"
                onClick={() => send({ type: 'wizard.back' })}
              >
                {t('games.wizard.back')}
              </Button>
            )}
            <Button type="submit" loading={view.isSaving}>
              {view.step !== 'duration'
                ? t('games.wizard.next')
                : t(view.isEdit ? 'games.wizard.save' : 'games.wizard.create')}
            </Button>
          </div>
        </form>
        <section className={styles.preview} aria-label={t('games.wizard.preview')}>
          <GiftWheel slices={view.slices} label={t('games.wizard.preview')} legend />
          <p>
            {t('games.wizard.total', {
              total: view.weightTotal,
              lose: Math.max(0, Math.round((100 - view.weightTotal) * 100) / 100),
            })}
          </p>
        </section>
      </div>
    </div>
  )
}
