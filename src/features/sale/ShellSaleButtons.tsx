// The toolbar's store dialogs (§1): create a sale (manual-amount loyalty) and the scanner (stores with
// the scanner enabled), on the current store. A new store starts a new machine (`key`), so nothing of
// the previous store's tags survives a store change. The shell's toolbar gets them from the route
// table (src/routes), so that the sale code loads in its own chunk.
import { useIntl } from 'react-intl'
import { useSession } from '../../ui/session/hooks'
import { CreateSaleButton } from './CreateSaleDialog'
import { useSaleLogic } from './logic'
import { ScannerButton } from './ScannerDialog'

const storeOf = (s: ReturnType<typeof useSession>['currentStore']) =>
  s ? { id: s.id, franchiseId: s.franchiseId, name: s.name } : null

/** §1 create-sale button (manual-amount loyalty): opens the sale dialog for the current store. */
export function CreateSaleDialog() {
  const intl = useIntl()
  const logic = useSaleLogic()
  const store = storeOf(useSession().currentStore)
  return (
    <CreateSaleButton
      key={store?.id ?? 'none'}
      store={store}
      logic={logic.createSale}
      savedTagId={logic.savedTagId()}
      label={intl.formatMessage({ id: 'shell.createSale.title' })}
    />
  )
}

/** §1 scanner button (store with the scanner enabled): opens the tag scanner dialog. */
export function ScannerDialog() {
  const intl = useIntl()
  const logic = useSaleLogic()
  const store = storeOf(useSession().currentStore)
  return (
    <ScannerButton
      key={store?.id ?? 'none'}
      store={store}
      logic={logic.scannerSelect}
      label={intl.formatMessage({ id: 'shell.scanner.title' })}
    />
  )
}
