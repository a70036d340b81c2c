// The public landing page /e/:slug (issue 21), its own public chunk: the landing machine with its
// public calls; the phone step renders the shared phone-code child, with this page's calls.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { landingPhoneCode } from '../../../machines/landing/landing.actors'
import { landingMachine } from '../../../machines/landing/landing.machine'
import { toLandingView } from '../../../machines/landing/landing.view'
import { phoneCodeMachine } from '../../../machines/phone-code/phone-code.machine'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useProvided } from '../../ui/machines/provided'
import { LandingPage } from './LandingPage'

export function LandingContainer({ slug }: { slug: string }) {
  const provided = useProvided(landingMachine)
  // A handed phone-code machine (a test's fakes) takes the place of this page's calls.
  const handedPhoneCode = useProvided(phoneCodeMachine)
  // The code SMS is written in the language the page is shown in.
  const language = useLocale()
  const [logic] = useState(() =>
    provided.provide({
      actors: {
        phoneCode: handedPhoneCode === phoneCodeMachine ? landingPhoneCode(slug, language) : handedPhoneCode,
      },
    }),
  )
  const ref = useActorRef(logic, { input: { slug } })
  const view = useSelector(ref, toLandingView)
  return <LandingPage view={view} send={ref.send} />
}
