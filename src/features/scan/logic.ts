// The scan page's machine with the app's real actors (src/api/scan, the camera, the countdown) and
// the device's memory of the phone. Tests and stories hand their own through ScanLogicContext.
import { createContext, useContext } from 'react'
import type { phoneCodeMachine } from '../../../machines/phone-code/phone-code.machine'
import {
  collect,
  countdown,
  loadCard,
  loadTag,
  phoneCodeFor,
  qrCamera,
  sendOpinion,
} from '../../../machines/scan/scan.actors'
import { scanMachine } from '../../../machines/scan/scan.machine'
import { scanApi } from '../../api/scan'
import type { Locale } from '../../domain/locale'
import { SCAN_PHONE_STORAGE_KEY } from '../../domain/scan'

export type ScanLogic = {
  machine: typeof scanMachine
  /** The phone-code step with this tag's calls (issue 24 #4), its SMS in the page's language. */
  phoneCode: (uid: string, language: Locale) => typeof phoneCodeMachine
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
  machine: scanMachine.provide({ actors: { loadTag, collect, sendOpinion, countdown, qrCamera, loadCard } }),
  phoneCode: phoneCodeFor,
  rememberedPhone: () => storage()?.getItem(SCAN_PHONE_STORAGE_KEY) ?? null,
  rememberPhone: (phone) => {
    if (phone) storage()?.setItem(SCAN_PHONE_STORAGE_KEY, phone)
    else {
      storage()?.removeItem(SCAN_PHONE_STORAGE_KEY)
      // "Not you?" also makes the server forget this device; offline, the cookie simply expires.
      scanApi.forgetDevice().catch(() => {})
    }
  },
}

export const ScanLogicContext = createContext<ScanLogic>(appScanLogic)
export const useScanLogic = () => useContext(ScanLogicContext)
