// The webhook part of the POS dialog: the address and the secret the owner pastes into the till, each
// with a copy button, and "regenerate the secret" (confirmed by the dialog's confirmation).
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import type { PosProps } from './PosIntegrationDialog'

export function PosWebhook({ view, send }: PosProps) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const account = view.account
  return (
    <section aria-labelledby="pos-webhook-title" className={styles.section}>
      <h3 id="pos-webhook-title" className={styles.title}>
        {t('pos.webhook.title')}
      </h3>
      {!account ? (
        <p className={styles.muted}>{t('pos.webhook.afterConnect')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('pos.webhook.description')}</p>
          <CopyRow
            label={t('pos.webhook.url')}
            value={account.webhookUrl}
            copyLabel={t('pos.webhook.copyUrl')}
            onCopy={() => send({ type: 'pos.copy', what: 'webhookUrl' })}
          />
          <CopyRow
            label={t('pos.webhook.secret')}
            value={account.webhookSecret}
            copyLabel={t('pos.webhook.copySecret')}
            onCopy={() => send({ type: 'pos.copy', what: 'webhookSecret' })}
          />
          <p className={styles.muted}>
            {t('pos.webhook.accountId')}: <code className={styles.code}>{account.id}</code>
          </p>
          <div>
            <Button
              variant="outline"
              tone="danger"
              size="sm"
              disabled={!view.canRegenerate}
              onClick={() => send({ type: 'pos.regenerate' })}
            >
              {t('pos.actions.regenerate')}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}

function CopyRow({
  label,
  value,
  copyLabel,
  onCopy,
}: {
  label: string
  value: string
  copyLabel: string
  onCopy: () => void
}) {
  return (
    <div className={styles.row}>
      <label className={styles.label}>
        {label}
        <input className={styles.input} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <Button variant="outline" tone="neutral" size="sm" aria-label={copyLabel} onClick={onCopy}>
        {copyLabel}
      </Button>
    </div>
  )
}

const styles = {
  section: css({ display: 'grid', gap: '3' }),
  title: css({ textStyle: 'md', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  row: css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' }),
  label: css({ display: 'grid', gap: '1.5', textStyle: 'sm', fontWeight: 'medium', flex: '1', minW: '60' }),
  input: css({
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    fontFamily: 'mono',
    fontWeight: 'normal',
    textStyle: 'sm',
  }),
  code: css({ fontFamily: 'mono' }),
}
