// The toolbar's store dialogs (§1): create a sale (manual-amount loyalty) and the scanner (stores with
// the scanner enabled), on the current store. A new store starts a new machine (`key`), so nothing of
// the previous store's tags survives a store change. The shell's toolbar gets them from the route
// table (src/routes), so that the sale code loads in its own chunk.
import { useIntl } from 'react-intl'
import { createSaleMachine } from '../../../machines/create-sale/create-sale.machine'
import { scannerSelectMachine } from '../../../machines/scanner-select/scanner-select.machine'
import { readKey } from '../../api/storage'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CreateSaleButton } from './CreateSaleDialog'
import { ScannerButton } from './ScannerDialog'

const storeOf = (s: ReturnType<typeof useSession>['currentStore']) =>
  s ? { id: s.id, franchiseId: s.franchiseId, name: s.name } : null

/** §1 create-sale button (manual-amount loyalty): opens the sale dialog for the current store. */
export function CreateSaleDialog() {
  const intl = useIntl()
  const logic = useProvided(createSaleMachine)
  const store = storeOf(useSession().currentStore)
  return (
    <CreateSaleButton
      key={store?.id ?? 'none'}
      store={store}
      logic={logic}
      savedTagId={readKey('selectedTag')}
      label={intl.formatMessage({ id: 'shell.createSale.title' })}
    />
  )
}

/** §1 scanner button (store with the scanner enabled): opens the tag scanner dialog. */
export function ScannerDialog() {
  const intl = useIntl()
  const logic = useProvided(scannerSelectMachine)
  const store = storeOf(useSession().currentStore)
  return (
    <ScannerButton
      key={store?.id ?? 'none'}
      store={store}
      logic={logic}
      label={intl.formatMessage({ id: 'shell.scanner.title' })}
    />
  )
}
