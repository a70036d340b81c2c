// The tag scanner screen (/stores/:storeId/tags/:id/scanner, SPEC §2: no toolbar or footer): the
// tag-scanner machine on that tag. A store turns it towards its customers.
import { useActorRef, useSelector } from '@xstate/react'
import { toTagScannerView } from '../../../machines/tag-scanner/tag-scanner.view'
import { useSaleLogic } from './logic'
import { TagScannerPage } from './TagScannerPage'

export function TagScannerContainer({ tagId }: { storeId: string; tagId: string }) {
  const logic = useSaleLogic()
  const actor = useActorRef(logic.tagScanner, { input: { tagId } })
  const view = useSelector(actor, toTagScannerView)
  return (
    <TagScannerPage
      view={view}
      origin={logic.origin()}
      onRetry={() => actor.send({ type: 'scanner.retry' })}
    />
  )
}
