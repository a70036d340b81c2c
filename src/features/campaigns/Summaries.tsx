// The audience (count, price, its own loading, failure and retry; "no user found") and the coupon as
// the customer gets it: shared by the editor's steps, its preview and its validation dialog.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import type { CampaignDraft } from '../../domain/campaign-draft'
import { Button } from '../../ui/Button'
import { styles } from '../../ui/campaign-parts'
import { useT } from '../../ui/i18n/t'
import { Spinner } from '../../ui/Spinner'

export function AudienceSummary({
  view,
  onRetry,
}: {
  view: Pick<CampaignEditorView, 'audience' | 'draft'>
  onRetry?: () => void
}) {
  const t = useT()
  const intl = useIntl()
  const a = view.audience
  // Prices come in euros (§9: 0.08 EUR per SMS).
  const price = (n: number) =>
    intl.formatNumber(n, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })
  return (
    <div className={local.box} aria-live="polite" data-testid="audience">
      <h3 className={local.title}>{t('communication.audience.title')}</h3>
      {a.state === 'invalid' ? (
        <p className={styles.hint}>{t('communication.audience.invalid')}</p>
      ) : a.isFailed ? (
        <div className={local.row}>
          <p className={styles.error}>{t('communication.audience.error')}</p>
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('communication.audience.retry')}
            </Button>
          )}
        </div>
      ) : a.isEmpty ? (
        <p className={styles.error}>{t('communication.errors.noUser')}</p>
      ) : (
        <dl className={local.facts}>
          <dt>{t('communication.audience.recipients')}</dt>
          <dd data-testid="audience-count">{a.isCounting && a.nbUsers === 0 ? <Spinner /> : a.nbUsers}</dd>
          <dt>{t('communication.audience.cost')}</dt>
          <dd data-testid="audience-cost">
            {view.draft.channel === 'PUSH' ? (
              t('communication.audience.free')
            ) : (
              <>
                {price(a.totalPrice)}
                {/* §7 cost: the single SMS price beside the total (one SMS per recipient, §9). */}
                <span className={local.unit}>
                  {t('communication.audience.unitPrice', { count: a.nbUsers, unit: price(a.unitPrice) })}
                </span>
              </>
            )}
          </dd>
          {a.isCounting && a.nbUsers > 0 && (
            <dd className={styles.hint}>{t('communication.audience.updating')}</dd>
          )}
        </dl>
      )}
    </div>
  )
}

export function CouponSummary({ draft, currency }: { draft: CampaignDraft; currency: string }) {
  const t = useT()
  const intl = useIntl()
  const c = draft.coupon
  const value =
    draft.content === 'COUPON_AMOUNT'
      ? intl.formatNumber(Number(c.value.replace(',', '.')) || 0, { style: 'currency', currency })
      : draft.content === 'COUPON_PERCENT'
        ? `${c.value} %`
        : c.productDescription
  return (
    <div className={local.coupon} data-testid="coupon-preview">
      <p className={local.title}>{c.header}</p>
      <p>{value}</p>
      <p className={styles.hint}>
        {t('communication.coupon.valid', { value: Number(c.validityValue) || 0, unit: c.validityUnit })}
      </p>
      {c.termsOfUse && <p className={styles.hint}>{c.termsOfUse}</p>}
    </div>
  )
}

const local = {
  box: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l2',
  }),
  title: css({ fontWeight: 'semibold' }),
  unit: css({ display: 'block', color: 'fg.muted' }),
  row: css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' }),
  facts: css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '1 4', textStyle: 'sm' }),
  coupon: css({
    p: '3',
    borderWidth: '2px',
    borderStyle: 'dashed',
    borderRadius: 'l2',
    bg: 'bg.default',
    textStyle: 'sm',
  }),
}
