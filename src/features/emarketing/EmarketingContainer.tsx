// /pages/e-marketing (full access): the e-marketing machine for this visit, with the app's toasts.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { emarketingMachine } from '../../../machines/emarketing/emarketing.machine'
import { toEmarketingView } from '../../../machines/emarketing/emarketing.view'
import { slugify } from '../../domain/emarketing'
import { managesFranchiseSettings } from '../../domain/roles'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { EmptyPanel } from '../../ui/Panels'
import { useSession } from '../../ui/session/hooks'
import { EmarketingPage } from './EmarketingPage'

export const EmarketingContext = createActorContext(emarketingMachine)

const FALLBACK = { primaryColor: '#1e3a8a', secondaryColor: '#f59e0b', tertiaryColor: '#f8fafc' }

export function EmarketingContainer() {
  const session = useSession()
  const t = useT()
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(emarketingMachine)
  const [logic] = useState(() =>
    provided.provide({ actions: { notifySaved: () => effects.notify('success', 'emarketing.saved') } }),
  )
  const franchise = session.franchise
  // §9: the page is a store owner's too, but only the franchise manager sets e-marketing up.
  if (!managesFranchiseSettings(session.role))
    return (
      <EmptyPanel title={t('emarketing.denied.title')} description={t('emarketing.denied.description')} />
    )
  if (!session.user || !franchise) return null
  return (
    <EmarketingContext.Provider
      logic={logic}
      options={{
        input: {
          userId: session.user.id,
          franchiseId: franchise.id,
          defaults: {
            logo: franchise.logo ?? '',
            link: slugify(franchise.name),
            ...FALLBACK,
            ...(franchise.theme ?? {}),
          },
        },
      }}
    >
      <Connected name={franchise.name} />
    </EmarketingContext.Provider>
  )
}

function Connected({ name }: { name: string }) {
  const view = EmarketingContext.useSelector((s) => toEmarketingView(s, window.location.origin))
  const actor = EmarketingContext.useActorRef()
  return <EmarketingPage view={view} send={actor.send} franchiseName={name} />
}
