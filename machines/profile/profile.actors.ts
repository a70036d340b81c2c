// The default actors of the profile page: account calls (src/api/auth) and the photo upload through the
// storage adapter (src/api/files). The subscription's are in machines/subscription.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { uploadFile } from '../../src/api/files'
import type { UserInfo } from '../../src/domain/auth'

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
