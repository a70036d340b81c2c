import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from './profile.machine'

/** What the profile page renders. */
export function toProfileView(s: SnapshotFrom<typeof profileMachine>) {
  const c = s.context
  const isSaving = s.matches({ info: 'saving' })
  return {
    isLoading: s.matches({ info: 'loading' }),
    isFailed: s.matches({ info: 'failed' }),
    loadError: c.loadError,
    isReady: !s.matches({ info: 'loading' }) && !s.matches({ info: 'failed' }),
    email: c.info?.email ?? '',
    photoURL: c.info?.photoURL ?? null,
    displayName: c.displayName,
    nameError: c.nameError,
    isDirty: c.info !== null && c.displayName.trim() !== c.info.displayName,
    isSaving,
    isUploading: s.matches({ info: 'uploading' }) || s.matches({ info: 'removingPhoto' }),
    uploadError: c.uploadError,
    isSubscriptionLoading: s.matches({ subscription: 'loading' }),
    isSubscriptionFailed: s.matches({ subscription: 'failed' }),
    isSubscribed: c.subscription?.isSubscribedRetailer ?? false,
    subscribedSince: c.subscription?.since ?? null,
    isOpeningPayment: s.matches({ subscription: 'openingPayment' }),
    startPage: c.startPage,
  }
}
export type ProfileView = ReturnType<typeof toProfileView>
