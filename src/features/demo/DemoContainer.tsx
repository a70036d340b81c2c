// /pages/demo/analytics, /pages/demo/clients, /pages/demo/loyalty (owners; issue 8): the demo machine
// for this visit finds the demo franchise, then the page shows the same screen as the merchant's own
// (analytics, client list, loyalty card) over that franchise, read-only.
import { useActorRef, useSelector } from '@xstate/react'
import { demoMachine } from '../../../machines/demo/demo.machine'
import { toDemoView } from '../../../machines/demo/demo.view'
import { useProvided } from '../../ui/machines/provided'
import { DemoPage, type DemoPageProps } from './DemoPage'

/** `children`: the screen over the demo franchise, from its own area (the route table picks it). */
export function DemoContainer({ children }: { children: DemoPageProps['children'] }) {
  // The machine calls src/api itself; a test or a story hands one provided with a fake.
  const actor = useActorRef(useProvided(demoMachine))
  const view = useSelector(actor, toDemoView)
  return (
    <DemoPage view={view} send={actor.send}>
      {children}
    </DemoPage>
  )
}
