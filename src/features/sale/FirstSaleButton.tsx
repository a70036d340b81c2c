// The dashboard checklist's "Create a sale" (issue 34 item 4): the toolbar's sale dialog on the
// current store (else the first one: a new merchant has one), opened from a visible button. It tells
// the checklist when it closes, so that the checklist asks the server again whether a sale was made.
import { useActorRef, useSelector } from '@xstate/react'
import { createSaleMachine } from '../../../machines/create-sale/create-sale.machine'
import { toCreateSaleView } from '../../../machines/create-sale/create-sale.view'
import { readKey } from '../../api/storage'
import { Button } from '../../ui/Button'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CreateSaleDialogView } from './CreateSaleDialog'

type Store = { id: string; franchiseId: string; name: string } | null

export function FirstSaleButton({ label, onClosed }: { label: string; onClosed: () => void }) {
  const session = useSession()
  const s = session.currentStore ?? session.stores[0] ?? null
  const store = s ? { id: s.id, franchiseId: s.franchiseId, name: s.name } : null
  return <SaleDialog key={store?.id ?? 'none'} store={store} label={label} onClosed={onClosed} />
}

function SaleDialog({ store, label, onClosed }: { store: Store; label: string; onClosed: () => void }) {
  const actor = useActorRef(useProvided(createSaleMachine), {
    input: {
      franchiseId: store?.franchiseId ?? null,
      storeId: store?.id ?? null,
      savedTagId: readKey('selectedTag'),
    },
  })
  const view = useSelector(actor, toCreateSaleView)
  return (
    <CreateSaleDialogView
      view={view}
      send={(event) => {
        actor.send(event)
        if (event.type === 'sale.close') onClosed()
      }}
      storeName={store?.name ?? null}
      trigger={<Button size="sm">{label}</Button>}
    />
  )
}
