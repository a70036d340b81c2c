// Small parts of the loyalty screens: the point-of-sale product picker (a text entry of product ids when
// the points of sale reported none), a labelled native select, and shared styles.
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { PosProduct } from '../../domain/loyalty'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'

export function ProductPicker({
  products,
  selected,
  text,
  error,
  disabled,
  onToggle,
  onText,
}: {
  products: readonly PosProduct[]
  selected: readonly string[]
  /** The ids as typed (comma-separated). */
  text: string
  /** A §8 message id. */
  error?: string | undefined
  disabled?: boolean
  onToggle: (id: string) => void
  onText: (text: string) => void
}) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const money = (p: PosProduct) =>
    intl.formatNumber(p.priceCents / 100, { style: 'currency', currency: p.currencyCode })
  if (products.length === 0)
    return (
      <TextField
        label={t('loyalty.products.ids')}
        helperText={t('loyalty.products.idsHelp')}
        value={text}
        disabled={disabled}
        invalid={!!error}
        errorText={error ? t(error as MessageId) : undefined}
        onChange={(e) => onText(e.currentTarget.value)}
      />
    )
  // Ids typed earlier that no point of sale lists any more stay visible (and can be unticked).
  const unknown = selected.filter((id) => !products.some((p) => p.id === id))
  return (
    <fieldset className={partStyles.fieldset} aria-invalid={!!error}>
      <legend className={partStyles.legend}>{t('loyalty.products.label')}</legend>
      <div className={partStyles.checks}>
        {products.map((p) => (
          <label key={p.id} className={partStyles.check}>
            <input
              type="checkbox"
              checked={selected.includes(p.id)}
              disabled={disabled}
              onChange={() => onToggle(p.id)}
            />
            <span>
              {p.name} <span className={partStyles.hint}>{money(p)}</span>
            </span>
          </label>
        ))}
        {unknown.map((id) => (
          <label key={id} className={partStyles.check}>
            <input type="checkbox" checked disabled={disabled} onChange={() => onToggle(id)} />
            <span>{id}</span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className={partStyles.error}>
          {t(error as MessageId)}
        </p>
      )}
    </fieldset>
  )
}

export function NativeSelect({
  label,
  value,
  options,
  error,
  disabled,
  placeholder,
  onChange,
}: {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  disabled?: boolean
  placeholder?: string
  onChange: (value: string) => void
}) {
  const intl = useIntl()
  const id = useId()
  return (
    <div className={partStyles.label}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={partStyles.select}
        value={value}
        disabled={disabled}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} role="alert" className={partStyles.error}>
          {intl.formatMessage({ id: error as MessageId })}
        </span>
      )}
    </div>
  )
}

const field = {
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  fontWeight: 'normal',
} as const

export const partStyles = {
  fieldset: css({ display: 'grid', gap: '2', borderWidth: 0, p: 0, m: 0, minW: 0 }),
  legend: css({ textStyle: 'sm', fontWeight: 'medium', mb: '1' }),
  checks: css({ display: 'flex', flexWrap: 'wrap', gap: '2 5' }),
  check: css({ display: 'flex', gap: '2', alignItems: 'center', textStyle: 'sm', cursor: 'pointer' }),
  hint: css({ color: 'fg.muted' }),
  error: css({ color: 'danger.text', textStyle: 'sm' }),
  label: css({ display: 'grid', gap: '1.5', textStyle: 'sm', fontWeight: 'medium' }),
  select: css(field),
  textarea: css(field),
  row: css({
    display: 'grid',
    gap: '3',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  }),
  actions: css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' }),
}
