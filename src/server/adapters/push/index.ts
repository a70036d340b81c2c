// Push notifications to the customers' app (adapters/messaging.ts). The default keeps them in the
// outbox table (channel push); with PUSH_API_URL set, they are posted to that provider
// ({to, title, body, link, imageUrl} with a bearer key and an Idempotency-Key, answering {id}).
import { httpMessenger, localMessenger, type Messenger } from '../messaging'

export type Push = Messenger

export function createPush(config: { url?: string | undefined; key?: string | undefined }): Push {
  if (!config.url) return localMessenger('push')
  return httpMessenger('push', config.url, config.key, (m) => ({
    to: m.to,
    title: m.title ?? '',
    body: m.text,
    link: m.link ?? undefined,
    imageUrl: m.imageUrl ?? undefined,
  }))
}
