// The sale screens' machines with the app's real actors (src/api), the clock, local storage and the
// browser's window. Tests and stories hand their own (the same machines with a fake back end) through
// SaleLogicContext.
import { createContext, useContext } from 'react'
import { injectPoints, loadTags, resetPoints, ticker } from '../../../machines/create-sale/create-sale.actors'
import { createSaleMachine } from '../../../machines/create-sale/create-sale.machine'
import { loadTags as loadScannerTags } from '../../../machines/scanner-select/scanner-select.actors'
import { scannerSelectMachine } from '../../../machines/scanner-select/scanner-select.machine'
import { copyText, createTag, loadStoreTags, saveTag } from '../../../machines/store-tags/store-tags.actors'
import { storeTagsMachine } from '../../../machines/store-tags/store-tags.machine'
import { loadCode, loadTag, ticker as scannerTicker } from '../../../machines/tag-scanner/tag-scanner.actors'
import { tagScannerMachine } from '../../../machines/tag-scanner/tag-scanner.machine'
import { readKey, writeKey } from '../../api/storage'
import { tagScannerPath } from '../../domain/sale'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type SaleLogic = {
  createSale: typeof createSaleMachine
  scannerSelect: typeof scannerSelectMachine
  tagScanner: typeof tagScannerMachine
  storeTags: typeof storeTagsMachine
  /** The tag saved in local storage (§9 selected tag). */
  savedTagId: () => string | null
  /** Where the page is served from: the QR codes encode the scan page's address there. */
  origin: () => string
}

const toast = (level: 'success' | 'error' | 'info', id: string) => notify[level](id as MessageId)

export const appSaleLogic: SaleLogic = {
  createSale: createSaleMachine.provide({
    actors: { loadTags, injectPoints, resetPoints, ticker },
    actions: { saveSelection: (_, p: { tagId: string | null }) => writeKey('selectedTag', p.tagId) },
  }),
  scannerSelect: scannerSelectMachine.provide({
    actors: { loadTags: loadScannerTags },
    // A new tab: the scanner faces the customers while the back office stays open in this one.
    actions: {
      openScanner: (_, p: { storeId: string; tagId: string }) =>
        window.open(tagScannerPath(p.storeId, p.tagId), '_blank', 'noopener'),
    },
  }),
  tagScanner: tagScannerMachine.provide({ actors: { loadTag, loadCode, ticker: scannerTicker } }),
  storeTags: storeTagsMachine.provide({
    actors: { loadStoreTags, createTag, saveTag, copyText },
    actions: { notify: (_, p: { level: 'success' | 'error'; id: string }) => toast(p.level, p.id) },
  }),
  savedTagId: () => readKey('selectedTag'),
  origin: () => window.location.origin,
}

export const SaleLogicContext = createContext<SaleLogic>(appSaleLogic)
export const useSaleLogic = () => useContext(SaleLogicContext)
