// The tag scanner screen (/stores/:storeId/tags/:id/scanner, SPEC §2: no toolbar or footer): the
// tag-scanner machine on that tag. A store turns it towards its customers.
import { useActorRef, useSelector } from '@xstate/react'
import { tagScannerMachine } from '../../../machines/tag-scanner/tag-scanner.machine'
import { toTagScannerView } from '../../../machines/tag-scanner/tag-scanner.view'
import { useProvided } from '../../ui/machines/provided'
import { TagScannerPage } from './TagScannerPage'

export function TagScannerContainer({ tagId }: { storeId: string; tagId: string }) {
  const actor = useActorRef(useProvided(tagScannerMachine), { input: { tagId } })
  const view = useSelector(actor, toTagScannerView)
  return (
    <TagScannerPage
      view={view}
      // Where the page is served from: the QR code encodes the scan page's address there.
      origin={window.location.origin}
      onRetry={() => actor.send({ type: 'scanner.retry' })}
    />
  )
}
