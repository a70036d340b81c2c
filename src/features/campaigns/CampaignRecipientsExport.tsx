import { exportsApi } from '../../api/exports'
import { DownloadLink } from '../../ui/DownloadLink'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useT } from '../../ui/i18n/t'

/** "Export CSV" on a campaign's recipients: every recipient and its delivery, as a downloaded file. */
export function CampaignRecipientsExport({ campaignId }: { campaignId: string }) {
  const t = useT()
  return (
    <DownloadLink href={exportsApi.recipientsCsv(campaignId, useLocale())}>{t('exports.csv')}</DownloadLink>
  )
}
