// The POS account form (SPEC §3 POS merchant account): connection type, the provider's store id, the
// till software, the four capabilities and the delays in seconds. It only renders and sends events.
import type { FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { POS_ACCOUNT_TYPES, POS_LIMITS, type PosFlag, type PosTextField } from '../../domain/pos'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import type { PosProps } from './PosIntegrationDialog'

const FLAGS: PosFlag[] = ['canSync', 'canManageCurrentSale', 'canRedeemLoyaltyOffer', 'hasClickAndCollect']
const DELAYS = ['resetDelay', 'linkReceiptDelay', 'receiptDeletionDelay'] as const
type Delay = (typeof DELAYS)[number]

export function PosAccountForm({ id, view, send }: PosProps & { id: string }) {
  const intl = useIntl()
  const t = (key: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values)
  const disabled = !view.canEdit
  const text = (
    field: PosTextField,
    props: { hint?: MessageId; numeric?: boolean; required?: boolean } = {},
  ) => {
    const error = view.errors[field]
    const limits = (DELAYS as readonly string[]).includes(field) ? POS_LIMITS[field as Delay] : null
    return (
      <TextField
        label={t(`pos.form.${field}` as MessageId)}
        name={field}
        required={props.required}
        inputMode={props.numeric ? 'numeric' : undefined}
        autoComplete="off"
        value={view.values[field]}
        disabled={disabled}
        invalid={!!error}
        errorText={
          error ? t(error as MessageId, limits ? { min: limits.min, max: limits.max } : undefined) : undefined
        }
        helperText={props.hint ? t(props.hint) : undefined}
        onChange={(e) => send({ type: 'pos.change', field, value: e.currentTarget.value })}
      />
    )
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    send({ type: 'pos.save' })
  }
  return (
    <form id={id} noValidate onSubmit={submit} className={styles.form}>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('pos.form.title')}</legend>
        <div className={styles.row}>
          <label className={styles.label}>
            {t('pos.form.type')}
            <select
              className={styles.select}
              name="type"
              value={view.values.type}
              disabled={disabled}
              onChange={(e) =>
                send({
                  type: 'pos.setType',
                  value: e.currentTarget.value as (typeof POS_ACCOUNT_TYPES)[number],
                })
              }
            >
              {POS_ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`pos.form.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          {text('providerStoreId', { hint: 'pos.form.providerStoreIdHint', required: true })}
          {text('posType')}
        </div>
        <div className={styles.row}>
          {FLAGS.map((flag) => (
            <label key={flag} className={styles.check}>
              <input
                type="checkbox"
                name={flag}
                checked={view.values[flag]}
                disabled={disabled}
                onChange={() => send({ type: 'pos.toggle', flag })}
              />
              <span>{t(`pos.form.${flag}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('pos.form.delays')}</legend>
        <div className={styles.row}>
          {text('resetDelay', { numeric: true })}
          {text('linkReceiptDelay', { numeric: true, hint: 'pos.form.linkReceiptDelayHint' })}
          {text('receiptDeletionDelay', { numeric: true, hint: 'pos.form.receiptDeletionDelayHint' })}
        </div>
      </fieldset>
    </form>
  )
}

const styles = {
  form: css({ display: 'grid', gap: '5' }),
  section: css({ display: 'grid', gap: '3', borderWidth: 0, p: 0, m: 0, minW: 0 }),
  legend: css({ textStyle: 'md', fontWeight: 'semibold', mb: '2' }),
  row: css({
    display: 'grid',
    gap: '3',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  }),
  label: css({ display: 'grid', gap: '1.5', alignContent: 'start', textStyle: 'sm', fontWeight: 'medium' }),
  select: css({
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    fontWeight: 'normal',
  }),
  check: css({ display: 'flex', gap: '3', alignItems: 'center', cursor: 'pointer', textStyle: 'sm' }),
}
