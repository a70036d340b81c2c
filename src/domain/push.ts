// Push notifications to the customers' app (issue 35 §4): what the app sends to register the FCM
// registration token of its installation, checked by the server.
import { enums, type Infer, object, pattern, size, string } from 'superstruct'

export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const

/** FCM registration tokens are URL-safe base64 with ':' (about 160 characters today); nothing else. */
export const PushTokenValue = size(pattern(string(), /^[A-Za-z0-9_:.-]+$/), 20, 4096)

export const PushTokenInput = object({ token: PushTokenValue, platform: enums(PUSH_PLATFORMS) })
export type PushTokenInput = Infer<typeof PushTokenInput>

export const PushTokenRemoval = object({ token: PushTokenValue })
