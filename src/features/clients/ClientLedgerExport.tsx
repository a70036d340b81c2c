import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { exportsApi } from '../../api/exports'
import { DownloadError, useDownload } from '../../ui/DownloadLink'
import { TextField } from '../../ui/Field'
import { useClock } from '../../ui/i18n/clock'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useT } from '../../ui/i18n/t'

/**
 * "Export CSV" on the client's history, for a period: the form's fields make the file's address, which
 * the browser opens with a download ticket (never the token) and saves as the server streams it
 * (nothing is read into the page); the dates are the franchise's days.
 */
export function ClientLedgerExport({ franchiseId, clientId }: { franchiseId: string; clientId: string }) {
  const t = useT()
  const locale = useLocale()
  // The franchise's days (issue 34: one clock), not the browser's UTC day.
  const clock = useClock()
  const today = clock.today()
  const yearAgo = clock.today(new Date(Date.now() - 365 * 86400_000))
  const { view, start } = useDownload()
  const action = exportsApi.ledgerCsvPath(franchiseId)
  return (
    <form
      method="get"
      action={action}
      className={styles.form}
      aria-busy={view.isBusy || undefined}
      onSubmit={(e) => {
        e.preventDefault()
        const query = new URLSearchParams()
        for (const [key, value] of new FormData(e.currentTarget)) query.append(key, String(value))
        start(`${action}?${query}`)
      }}
    >
      <fieldset className={styles.fields}>
        <legend className={styles.legend}>{t('exports.ledger.legend')}</legend>
        <TextField label={t('exports.ledger.from')} type="date" name="from" required defaultValue={yearAgo} />
        <TextField label={t('exports.ledger.to')} type="date" name="to" required defaultValue={today} />
        <input type="hidden" name="clientId" value={clientId} />
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className={button({ variant: 'outline', tone: 'neutral' })}>
          {t('exports.csv')}
        </button>
        <DownloadError view={view} />
      </fieldset>
    </form>
  )
}

const styles = {
  form: css({ marginBlockEnd: '4' }),
  fields: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    alignItems: 'flex-end',
    border: 'none',
    p: '0',
  }),
  legend: css({ fontWeight: 'semibold', marginBlockEnd: '2' }),
}
