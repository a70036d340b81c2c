import { ClientConfirmDialog } from './ClientConfirmDialog'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'

/** Confirm the client's deletion. */
export function ClientDeleteDialog({ view, send, name }: ClientDetailPartProps & { name: string }) {
  const t = useT()
  return (
    <ClientConfirmDialog
      destructive
      view={view}
      send={send}
      dialog="delete"
      title={t('pages.clients.deleteClient.title')}
      description={t('pages.clients.deleteClient.description', { name })}
      confirmLabel={t('pages.clients.deleteClient.confirm')}
    />
  )
}
