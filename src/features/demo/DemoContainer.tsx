// /pages/demo/analytics, /pages/demo/clients, /pages/demo/loyalty (owners; issue 8): the demo machine
// for this visit finds the demo franchise, then the page shows the same screen as the merchant's own
// (analytics, client list, loyalty card) over that franchise, read-only.
import { useActorRef, useSelector } from '@xstate/react'
import { toDemoView } from '../../../machines/demo/demo.view'
import type { DemoScreen } from '../../domain/demo'
import { AnalyticsContainer } from '../analytics/AnalyticsContainer'
import { ClientListContainer } from '../clients/ClientListContainer'
import { LoyaltyContainer } from '../loyalty/LoyaltyContainer'
import { DemoPage } from './DemoPage'
import { DEMO_PATHS, useDemoLogic } from './logic'

export function DemoContainer({ screen }: { screen: DemoScreen }) {
  const logic = useDemoLogic()
  const actor = useActorRef(logic.demo)
  const view = useSelector(actor, toDemoView)
  return (
    <DemoPage view={view} send={actor.send}>
      {(demo) =>
        screen === 'analytics' ? (
          <AnalyticsContainer demo={demo} />
        ) : screen === 'clients' ? (
          <ClientListContainer readOnly={{ demo, path: DEMO_PATHS.clients }} />
        ) : (
          <LoyaltyContainer readOnly={{ demo }} />
        )
      }
    </DemoPage>
  )
}
