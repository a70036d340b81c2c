// The public landing page /e/:slug (issue 21), its own public chunk: the landing machine with the
// public calls; the phone step renders the shared phone-code child.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { landingActors } from '../../../machines/landing/landing.actors'
import { landingMachine } from '../../../machines/landing/landing.machine'
import { toLandingView } from '../../../machines/landing/landing.view'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { LandingPage } from './LandingPage'

export function LandingContainer({ slug, machine }: { slug: string; machine?: typeof landingMachine }) {
  // The code SMS is written in the language the page is shown in.
  const language = useLocale()
  const [logic] = useState(() => machine ?? landingMachine.provide({ actors: landingActors(slug, language) }))
  const ref = useActorRef(logic, { input: { slug } })
  const view = useSelector(ref, toLandingView)
  return <LandingPage view={view} send={ref.send} />
}
