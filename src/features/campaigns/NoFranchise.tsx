// A signed-in owner without a franchise yet (no store created): campaigns need one.
import { Link } from 'wouter'
import { ROUTES } from '../../domain/access'
import { Button } from '../../ui/Button'
import { useT } from '../../ui/i18n/t'
import { EmptyPanel } from '../../ui/Panels'

export function NoFranchise() {
  const t = useT()
  return (
    <EmptyPanel
      title={t('communication.noFranchise.title')}
      description={t('communication.noFranchise.description')}
      action={
        <Button asChild>
          <Link href={ROUTES.stores.path}>{t('communication.noFranchise.action')}</Link>
        </Button>
      }
    />
  )
}
