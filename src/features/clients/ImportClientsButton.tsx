// The client list's way to the import page (issue 23), for those who may import.
import { Link } from 'wouter'
import { ROUTES } from '../../domain/access'
import { canImportClients } from '../../domain/imports'
import { Button } from '../../ui/Button'
import { useT } from '../../ui/i18n/t'
import { useSession } from '../../ui/session/hooks'

export function ImportClientsButton() {
  const t = useT()
  const session = useSession()
  if (!canImportClients(session.role)) return null
  return (
    <Button asChild variant="outline">
      <Link href={ROUTES.clientImport.path}>{t('import.open')}</Link>
    </Button>
  )
}
