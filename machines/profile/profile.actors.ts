// The default actors of the profile page: account calls (src/api/auth), the photo upload through the
// storage adapter (src/api/files) and the payments adapter's subscription and payment link.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { uploadFile } from '../../src/api/files'
import type { UserInfo } from '../../src/domain/auth'
import type { Subscription } from './profile.machine'

export const loadProfile = fromPromise<UserInfo, { userId: string }>(({ input, signal }) =>
  authApi.userInfo(input.userId, signal),
)

export const saveProfile = fromPromise<
  UserInfo,
  { userId: string; patch: { displayName?: string; photoURL?: string | null } }
>(({ input }) => authApi.updateUser(input.userId, input.patch))

export const uploadPhoto = fromPromise<UserInfo, { userId: string; file: File }>(
  async ({ input, signal }) => {
    const { url } = await uploadFile('profile', input.file, signal)
    return authApi.updateUser(input.userId, { photoURL: url })
  },
)

export const loadSubscription = fromPromise<Subscription, { userId: string }>(() => authApi.subscription())

/** The first subscription product's payment link (the local adapter's checkout page, or the provider's). */
export const paymentLink = fromPromise<{ url: string }, { userId: string }>(async () => {
  const [product] = await authApi.paymentLinks()
  if (!product) throw new Error('no subscription product')
  return authApi.paymentLink(product.id)
})
