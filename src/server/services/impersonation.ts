// Acting as a merchant (POST /api/v2/token/encode, §4): a real administrator's session, not an impostor
// token (impersonation does not chain), gets a token of a non-administrator user that records the
// admin as its impostor; every write made with it is audited under the admin (plugins/auth.ts).
import { isAdminRole } from '../../domain/roles'
import type { Db } from '../db/client'
import { forbidden, notFound } from '../errors'
import { type IssuedToken, issueToken } from './tokens'
import { getUser } from './users'

/** Who is asking: the signed-in user, and the admin behind the token when it is an impostor token. */
export type Impersonator = { user: { id: string; role: string }; impostorOf: string | null }

/** 403 unless a real administrator's session asks (checked before the body is read). */
export function assertMayImpersonate(caller: Impersonator): void {
  if (!isAdminRole(caller.user.role) || caller.impostorOf)
    throw forbidden('Only administrators can act as a merchant')
}

/** An impostor token for `userId`; the body names the signed-in administrator as the impostor. */
export async function impersonate(
  db: Db,
  caller: Impersonator,
  input: { userId: string; impostorId: string },
): Promise<IssuedToken & { impostorId: string }> {
  assertMayImpersonate(caller)
  const { userId, impostorId } = input
  if (impostorId !== caller.user.id) throw forbidden('impostorId must be the signed-in administrator')
  const target = await getUser(db, userId).catch(() => {
    throw notFound('USER_NOT_FOUND', 'User not found')
  })
  if (isAdminRole(target.role)) throw forbidden('Administrators cannot be impersonated')
  const token = await issueToken(db, target.id, caller.user.id)
  return { ...token, impostorId: caller.user.id }
}
