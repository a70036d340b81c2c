import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from './profile.machine'

/** What the profile page renders. */
export function toProfileView(s: SnapshotFrom<typeof profileMachine>) {
  const c = s.context
  const isSaving = s.matches('saving')
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    loadError: c.loadError,
    isReady: !s.matches('loading') && !s.matches('failed'),
    email: c.info?.email ?? '',
    photoURL: c.info?.photoURL ?? null,
    displayName: c.displayName,
    nameError: c.nameError,
    isDirty: c.info !== null && c.displayName.trim() !== c.info.displayName,
    isSaving,
    isUploading: s.matches('uploading') || s.matches('removingPhoto'),
    uploadError: c.uploadError,
    startPage: c.startPage,
  }
}
export type ProfileView = ReturnType<typeof toProfileView>
