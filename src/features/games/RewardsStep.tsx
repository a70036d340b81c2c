// The wizard's second step: the rewards (name, type, points, coupon, weight) and the game's settings.
import { useId } from 'react'
import type { GameWizardEvent } from '../../../machines/game-wizard/game-wizard.machine'
import type { GameWizardView } from '../../../machines/game-wizard/game-wizard.view'
import { COUPON_TYPES, VALIDITY_UNITS } from '../../domain/campaign-contract'
import { REWARD_TYPES } from '../../domain/game-wheel'
import type { GameCouponInput, GameRewardInput } from '../../domain/games'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { enumKey, useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { styles } from './GameWizard.styles'

const num = (v: string) => (v.trim() === '' ? 0 : Number(v.replace(',', '.')))

export function RewardsStep({
  view,
  send,
  currency,
  err,
}: {
  view: GameWizardView
  send: (e: GameWizardEvent) => void
  currency: string
  err: (field: string) => string | undefined
}) {
  const t = useT()
  // The weights' total is wrong: every weight field is marked and points to the one message.
  const weightsError = err('rewards')
  const weightsErrorId = useId()
  const settings = view.draft.settings ?? { canLoose: true, onlyNewClients: false }
  const update = (index: number, patch: Partial<GameRewardInput>) =>
    send({ type: 'wizard.updateReward', index, patch })
  return (
    <>
      {view.draft.rewards.map((r, i) => {
        const at = (f: string) => err(`rewards.${i}.${f}`)
        const coupon = (patch: Partial<GameCouponInput>) =>
          update(i, {
            coupon: {
              name: '',
              type: 'percentage',
              validity: { value: 1, unit: 'months' },
              ...r.coupon,
              ...patch,
            },
          })
        const hasPoints = r.type !== 'COUPON'
        const hasCoupon = r.type !== 'POINTS'
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rewards have no id before they are saved
          <fieldset key={i} className={styles.reward}>
            <legend>{t('games.rewards.legend', { n: i + 1 })}</legend>
            <TextField
              label={t('games.rewards.name')}
              value={r.name}
              invalid={!!at('name')}
              errorText={at('name')}
              onChange={(e) => update(i, { name: e.currentTarget.value })}
            />
            <NativeSelect
              label={t('games.rewards.type')}
              value={r.type}
              options={REWARD_TYPES.map((x) => ({ value: x, label: t(`games.rewards.types.${enumKey(x)}`) }))}
              onChange={(v) => update(i, { type: v as GameRewardInput['type'] })}
            />
            <TextField
              label={t('games.rewards.weight')}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              value={String(r.weight)}
              invalid={!!at('weight') || !!weightsError}
              errorText={at('weight')}
              aria-describedby={weightsError && !at('weight') ? weightsErrorId : undefined}
              onChange={(e) => update(i, { weight: num(e.currentTarget.value) })}
            />
            {hasPoints && (
              <TextField
                label={t('games.rewards.points')}
                type="number"
                inputMode="numeric"
                min={1}
                value={r.points ? String(r.points) : ''}
                invalid={!!at('points')}
                errorText={at('points')}
                onChange={(e) => update(i, { points: Math.round(num(e.currentTarget.value)) })}
              />
            )}
            {hasCoupon && (
              <>
                <TextField
                  label={t('games.rewards.couponName')}
                  value={r.coupon?.name ?? ''}
                  invalid={!!at('coupon.name') || !!at('coupon')}
                  errorText={at('coupon.name') ?? at('coupon')}
                  onChange={(e) => coupon({ name: e.currentTarget.value })}
                />
                <NativeSelect
                  label={t('games.rewards.couponType')}
                  value={r.coupon?.type ?? 'percentage'}
                  options={COUPON_TYPES.map((x) => ({
                    value: x,
                    label: t(`games.rewards.couponTypes.${x}`),
                  }))}
                  onChange={(v) => coupon({ type: v as GameCouponInput['type'] })}
                />
                {r.coupon?.type !== 'product' && (
                  <TextField
                    label={
                      r.coupon?.type === 'flat'
                        ? t('games.rewards.couponAmount', { currency })
                        : t('games.rewards.couponPercent')
                    }
                    type="number"
                    inputMode="decimal"
                    value={
                      r.coupon?.value == null
                        ? ''
                        : String(r.coupon.type === 'flat' ? r.coupon.value / 100 : r.coupon.value)
                    }
                    invalid={!!at('coupon.value')}
                    errorText={at('coupon.value')}
                    onChange={(e) => {
                      const v = num(e.currentTarget.value)
                      coupon({ value: Math.round(r.coupon?.type === 'flat' ? v * 100 : v) })
                    }}
                  />
                )}
                <TextField
                  label={t('games.rewards.validity')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={String(r.coupon?.validity.value ?? 1)}
                  onChange={(e) =>
                    coupon({
                      validity: {
                        unit: r.coupon?.validity.unit ?? 'months',
                        value: Math.max(1, Math.round(num(e.currentTarget.value))),
                      },
                    })
                  }
                />
                <NativeSelect
                  label={t('games.rewards.validityUnit')}
                  value={r.coupon?.validity.unit ?? 'months'}
                  options={VALIDITY_UNITS.map((u) => ({ value: u, label: t(`games.rewards.units.${u}`) }))}
                  onChange={(v) =>
                    coupon({
                      validity: {
                        value: r.coupon?.validity.value ?? 1,
                        unit: v as GameCouponInput['validity']['unit'],
                      },
                    })
                  }
                />
              </>
            )}
            <div className={styles.row}>
              <Button
                type="button"
                variant="outline"
                tone="neutral"
                onClick={() => send({ type: 'wizard.removeReward', index: i })}
              >
                {t('games.rewards.remove')}
              </Button>
            </div>
          </fieldset>
        )
      })}
      {weightsError && (
        <p id={weightsErrorId} role="alert" className={styles.error}>
          {weightsError}
        </p>
      )}
      <div className={styles.row}>
        <Button
          type="button"
          variant="outline"
          disabled={!view.canAddReward}
          onClick={() => send({ type: 'wizard.addReward', rewardType: 'POINTS' })}
        >
          {t('games.rewards.addPoints')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!view.canAddReward}
          onClick={() => send({ type: 'wizard.addReward', rewardType: 'COUPON' })}
        >
          {t('games.rewards.addCoupon')}
        </Button>
      </div>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={settings.canLoose}
          onChange={(e) => send({ type: 'wizard.settings', patch: { canLoose: e.currentTarget.checked } })}
        />
        {t('games.settings.canLoose')}
      </label>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={settings.onlyNewClients}
          onChange={(e) =>
            send({ type: 'wizard.settings', patch: { onlyNewClients: e.currentTarget.checked } })
          }
        />
        {t('games.settings.onlyNewClients')}
      </label>
    </>
  )
}
