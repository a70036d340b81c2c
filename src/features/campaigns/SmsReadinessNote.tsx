// §6: SMS needs the subscription and a valid sender id. The page says which is missing and where to fix
// it, instead of a button that silently does nothing.
import { Link } from 'wouter'
import { ROUTES } from '../../domain/access'
import type { SmsReadiness } from '../../domain/campaign-draft'
import { Button } from '../../ui/Button'
import { styles } from '../../ui/campaign-parts'
import { useT } from '../../ui/i18n/t'

export function SmsReadinessNote({ readiness }: { readiness: SmsReadiness }) {
  const t = useT()
  if (readiness === 'ready') return null
  return (
    <div className={styles.note} role="note">
      <p>
        {t(
          readiness === 'noSubscription'
            ? 'communication.sms.noSubscription'
            : 'communication.sms.noSenderId',
        )}
      </p>
      <Button asChild size="sm" variant="outline">
        <Link href={readiness === 'noSubscription' ? ROUTES.profile.path : ROUTES.franchise.path}>
          {t(
            readiness === 'noSubscription' ? 'communication.sms.toProfile' : 'communication.sms.toFranchise',
          )}
        </Link>
      </Button>
    </div>
  )
}
