// The default actors of the scan page: the public calls, the one-second countdown, and the camera
// reading QR codes (qr-scanner, loaded only when the customer opens the camera).
import { fromCallback, fromPromise } from 'xstate'
import { scanApi } from '../../src/api/scan'
import type { Opinion } from '../../src/domain/opinions'
import {
  type CollectResult,
  SCAN_PHONE_STORAGE_KEY,
  type ScanCard,
  type ScanInfo,
} from '../../src/domain/scan'
import type { CollectCallInput, ScanEvent, SendOpinionInput } from './scan.machine'

export const loadTag = fromPromise<ScanInfo, { uid: string }>(({ input, signal }) =>
  scanApi.info(input.uid, signal),
)

export const collect = fromPromise<CollectResult, CollectCallInput>(({ input, signal }) =>
  scanApi.collect(input.uid, { phone: input.phone, receiptId: input.receiptId, code: input.code }, signal),
)

export const sendOpinion = fromPromise<Opinion, SendOpinionInput>(({ input, signal }) =>
  scanApi.leaveOpinion(
    input.storeId,
    { rating: input.rating, comment: input.comment, clientId: input.clientId },
    signal,
  ),
)

export const loadCard = fromPromise<ScanCard, { uid: string }>(({ input, signal }) =>
  scanApi.card(input.uid, signal),
)

/** One `scan.tick` a second until the state is left. */
export const countdown = fromCallback(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: 'scan.tick' }), 1000)
  return () => clearInterval(id)
})

/** Reads QR codes from the back camera into the page's video element. */
export const qrCamera = fromCallback<ScanEvent, { video: HTMLVideoElement | null }>(({ input, sendBack }) => {
  let stopped = false
  let scanner: { stop(): void; destroy(): void } | null = null
  const video = input.video
  if (!video) {
    sendBack({ type: 'camera.denied' })
    return () => {}
  }
  void import('qr-scanner')
    .then(async ({ default: QrScanner }) => {
      if (stopped) return
      const s = new QrScanner(video, (r) => sendBack({ type: 'camera.decoded', text: r.data }), {
        returnDetailedScanResult: true,
        preferredCamera: 'environment',
      })
      scanner = s
      await s.start()
    })
    // Refused permission, no camera, or an insecure page: all mean the camera cannot be used.
    .catch(() => {
      if (!stopped) sendBack({ type: 'camera.denied' })
    })
  return () => {
    stopped = true
    scanner?.stop()
    scanner?.destroy()
  }
})

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // private browsing may refuse storage: the page works without it
  }
}

/** The phone of the last collect on this device, if any. */
export const rememberedPhone = () => storage()?.getItem(SCAN_PHONE_STORAGE_KEY) ?? null

/** Remembers (or, with null, forgets) the phone on this device. */
export function rememberPhone(phone: string | null) {
  if (phone) storage()?.setItem(SCAN_PHONE_STORAGE_KEY, phone)
  else {
    storage()?.removeItem(SCAN_PHONE_STORAGE_KEY)
    // "Not you?" also makes the server forget this device; offline, the cookie simply expires.
    scanApi.forgetDevice().catch(() => {})
  }
}
