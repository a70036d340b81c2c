import type { ClientQuery } from '../../api/clients'
import { exportsApi } from '../../api/exports'
import { DownloadLink } from '../../ui/DownloadLink'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useT } from '../../ui/i18n/t'

/** "Export CSV" on the client list: every client the current filter and search find, in its order. */
export function ClientListExport({ query }: { query: ClientQuery }) {
  const t = useT()
  return <DownloadLink href={exportsApi.clientsCsv(query, useLocale())}>{t('exports.csv')}</DownloadLink>
}
