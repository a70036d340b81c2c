// The loyalty page's "customers" tab: the client list machine and page on a card's clients (its
// `modelId`: GET /api/v2/loyalty-models/{id}/clients; one of its stores through the list's store filter).
// The loyalty page says where its query lives (`urlOf`, after `tab=customers`) and which page its watcher
// hears (`path`), so it never fights the client list page's own address.
import { phoneCountry } from '../../domain/countries'
import type { StoreSummary } from '../../domain/franchise'
import { useSession } from '../../ui/session/hooks'
import { ClientListScope, ConnectedClientList } from './ClientListContainer'

export interface CardClientsProps {
  modelId: string
  stores: readonly StoreSummary[]
  currency: string
  /** The page whose address holds the list's query. */
  path: string
  /** That page's address for a query of the list. */
  urlOf: (search: string) => string
}

export function CardClients({ modelId, stores, currency, path, urlOf }: CardClientsProps) {
  const session = useSession()
  const franchiseId = session.franchise?.id ?? null
  return (
    <ClientListScope
      path={path}
      urlOf={urlOf}
      params={{ franchiseId, readOnly: false, modelId }}
      create={{
        franchiseId,
        country: phoneCountry(session.franchise?.codeAlpha3 ?? 'FRA'),
        storeId: session.currentStore?.id ?? null,
      }}
    >
      <ConnectedClientList embedded stores={stores} currency={currency} />
    </ClientListScope>
  )
}
