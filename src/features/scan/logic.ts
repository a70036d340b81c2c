// The scan page's machine with the app's real actors (src/api/scan, the camera, the countdown) and
// the device's memory of the phone. Tests and stories hand their own through ScanLogicContext.
import { createContext, useContext } from 'react'
import { collect, countdown, loadTag, qrCamera, sendOpinion } from '../../../machines/scan/scan.actors'
import { scanMachine } from '../../../machines/scan/scan.machine'
import { SCAN_PHONE_STORAGE_KEY } from '../../domain/scan'

export type ScanLogic = {
  machine: typeof scanMachine
  /** The phone of the last collect on this device, if any. */
  rememberedPhone: () => string | null
  /** Remembers (or, with null, forgets) the phone on this device. */
  rememberPhone: (phone: string | null) => void
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // private browsing may refuse storage: the page works without it
  }
}

export const appScanLogic: ScanLogic = {
  machine: scanMachine.provide({ actors: { loadTag, collect, sendOpinion, countdown, qrCamera } }),
  rememberedPhone: () => storage()?.getItem(SCAN_PHONE_STORAGE_KEY) ?? null,
  rememberPhone: (phone) => {
    if (phone) storage()?.setItem(SCAN_PHONE_STORAGE_KEY, phone)
    else storage()?.removeItem(SCAN_PHONE_STORAGE_KEY)
  },
}

export const ScanLogicContext = createContext<ScanLogic>(appScanLogic)
export const useScanLogic = () => useContext(ScanLogicContext)
