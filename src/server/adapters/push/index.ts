// Push notifications to the customers' app (adapters/messaging.ts). The default keeps them in the
// outbox table (channel push); with FCM_SERVICE_ACCOUNT set they go through Firebase Cloud Messaging
// (fcm.ts) to the installations the app registered; with PUSH_API_URL set, they are posted to that
// provider ({to, title, body, link, imageUrl} with a bearer key and an Idempotency-Key, answering {id}).
import { httpMessenger, localMessenger, type Messenger } from '../messaging'
import { fcmPush } from './fcm'
import { loadServiceAccount } from './service-account'

export type Push = Messenger

export type PushConfig = {
  url?: string | undefined
  key?: string | undefined
  /** FCM_SERVICE_ACCOUNT: the service account's JSON key, or the path of its file. */
  fcmServiceAccount?: string | undefined
  /** FCM_API_URL: FCM's base URL (a fake in tests). */
  fcmApiUrl?: string | undefined
}

export function createPush(config: PushConfig): Push {
  if (config.fcmServiceAccount)
    return fcmPush({ account: loadServiceAccount(config.fcmServiceAccount), apiUrl: config.fcmApiUrl })
  if (!config.url) return localMessenger('push')
  return httpMessenger('push', config.url, config.key, (m) => ({
    to: m.to,
    title: m.title ?? '',
    body: m.text,
    link: m.link ?? undefined,
    imageUrl: m.imageUrl ?? undefined,
  }))
}
