// The first staff account of a new deployment (issue 35 §6, "Going live"): production loads no demo
// data, so someone must create the first administrator. `npm run staff:add` makes (or re-invites) a
// staff account without a password and answers a one-use link, valid a week, to choose it.
import { eq } from 'drizzle-orm'
import { ADMIN_ROLES, type Role } from '../../domain/roles'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { invitationLink, NO_PASSWORD } from './owners'

export type StaffRole = (typeof ADMIN_ROLES)[number]
export const isStaffRole = (role: string): role is StaffRole =>
  (ADMIN_ROLES as readonly string[]).includes(role)

export type StaffInvitation = { email: string; role: Role; created: boolean; link: string }

/**
 * A staff account for `email` with `role` (created without a password), and its set-password link. An
 * existing staff account gets a new link; a merchant's account is refused (no role change from here).
 */
export async function addStaff(
  db: Db,
  input: { email: string; role: StaffRole; displayName?: string },
  publicUrl: string,
): Promise<StaffInvitation> {
  const email = input.email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${input.email}" is not an e-mail address`)
  const [known] = await db.select().from(users).where(eq(users.email, email))
  if (known && !isStaffRole(known.role))
    throw new Error(`${email} is a ${known.role} account, not staff: use another address`)
  const [user] = known
    ? [known]
    : await db
        .insert(users)
        .values({
          email,
          passwordHash: NO_PASSWORD,
          role: input.role,
          displayName: input.displayName?.trim() ?? '',
          hasAcceptedCgv: true,
        })
        .returning()
  return {
    email,
    role: user!.role as Role,
    created: !known,
    link: await invitationLink(db, user!.id, publicUrl),
  }
}
