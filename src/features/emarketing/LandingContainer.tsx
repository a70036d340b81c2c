// The public landing page /e/:slug (issue 21), its own public chunk: the landing machine with its
// public calls; the phone step renders the shared phone-code child.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { landingMachine } from '../../../machines/landing/landing.machine'
import { toLandingView } from '../../../machines/landing/landing.view'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useProvided } from '../../ui/machines/provided'
import { LandingPage } from './LandingPage'

export function LandingContainer({ slug }: { slug: string }) {
  const logic = useProvided(landingMachine)
  // The code SMS is written in the language the page is shown in.
  const language = useLocale()
  const [input] = useState(() => ({ slug, language }))
  const ref = useActorRef(logic, { input })
  const view = useSelector(ref, toLandingView)
  return <LandingPage view={view} send={ref.send} />
}
