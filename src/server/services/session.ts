// What the signed-in shell needs to start, in one answer (issue 17): who the token belongs to, the
// user's data, and for owners their franchises and stores, plus the categories. The browser used to ask
// for these in three rounds (/users/me, then /users/:id/info, then the rest), each a slow-network round
// trip before the first page could ask for its own data. The separate calls stay for other clients.
import type { SessionStart } from '../../domain/auth'
import { effectiveRole, isOwnerRole } from '../../domain/roles'
import type { Db } from '../db/client'
import { ownedFranchises, ownedStores } from './franchises'
import { getUser, listCategories, toUserInfo } from './users'

export async function sessionStart(
  db: Db,
  principal: { user: { id: string; email: string; role: string }; impostorOf: string | null },
): Promise<SessionStart> {
  const { user, impostorOf } = principal
  const [row, categories] = await Promise.all([getUser(db, user.id), listCategories(db)])
  // The role as the shell computes it, from the row just read (the token's copy may be cached).
  const role = effectiveRole(row)
  const owner = isOwnerRole(role)
  const [franchises, stores] = owner
    ? await Promise.all([ownedFranchises(db, user.id), ownedStores(db, user.id, role)])
    : [[], []]
  return {
    me: { id: user.id, email: user.email, acl: { role: user.role }, impostorOf },
    info: toUserInfo(row),
    franchises,
    stores,
    categories,
  }
}
