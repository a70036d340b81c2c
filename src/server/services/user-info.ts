// The user's own data as GET/PATCH …/users/{id}/info answer it (SPEC §7 "Auth and users"): each call
// changes or reads the row (services/users.ts) and answers it as UserInfo.
import type { UserInfo, UserSettings } from '../../domain/auth'
import type { Db } from '../db/client'
import { acceptTerms, getUser, toUserInfo, updateSettings, updateUser } from './users'

export async function userInfo(db: Db, id: string): Promise<UserInfo> {
  return toUserInfo(await getUser(db, id))
}

export async function updateUserInfo(
  db: Db,
  id: string,
  patch: Parameters<typeof updateUser>[2],
): Promise<UserInfo> {
  return toUserInfo(await updateUser(db, id, patch))
}

export async function updateUserSettings(db: Db, id: string, settings: UserSettings): Promise<UserInfo> {
  return toUserInfo(await updateSettings(db, id, settings))
}

export async function acceptTermsInfo(db: Db, id: string): Promise<UserInfo> {
  return toUserInfo(await acceptTerms(db, id))
}
