// Finding clients by what a person typed (a phone, an e-mail, a name) under row-level security: the
// conditions the lists, the counter and the import use. PostgreSQL applies a tenant policy before any
// condition that is not leakproof (LIKE, lower(), substr()), and then cannot use that condition's
// index; these are written so that the index stays in reach.
import { type SQL, sql } from 'drizzle-orm'
import type { CountryCode } from 'libphonenumber-js'
import { phonePrefix } from '../../domain/phone'
import { clients } from '../db/schema'

/**
 * A typed phone number matches the numbers that start with it (E.164, through a prefix index);
 * any other text is a case-insensitive "contains" over names, e-mail and phone (trigram index).
 * Neither is written with LIKE on a table row-level security covers: LIKE is not leakproof, so
 * PostgreSQL applies the policy first and scans the table instead of the index (a search of 77,000
 * clients: 80–110 ms instead of 5–7). The prefix is a range of the pattern operators, which are
 * leakproof; the text goes through client_search_ids (sql/client_search_ids.sql), which checks the
 * caller's reach itself.
 */
export function searchCondition(
  search: string,
  country: CountryCode,
  franchiseId: string,
): { where: SQL; pattern: string | null } {
  const prefix = phonePrefix(search, country)
  // E.164 is '+' and digits: ':' sorts right after '9', so the range is every number with the prefix.
  if (prefix)
    return {
      where: sql`(${clients.phone} ~>=~ ${prefix} and ${clients.phone} ~<~ ${`${prefix}:`})`,
      pattern: null,
    }
  const escapeLike = (v: string) => v.replace(/[\\%_]/g, (m) => `\\${m}`)
  const pattern = `%${escapeLike(search.toLowerCase())}%`
  return {
    where: sql`${clients.id} in (select client_search_ids(${franchiseId}::uuid, ${pattern}, null))`,
    pattern,
  }
}

/**
 * A text matched by many of the franchise's clients (more than a capped count reads): each client
 * in the list's order is tried against its own search row, by key, until the page is full, instead
 * of listing every match first (a common last name among a million clients: 33,000 ids, a third of
 * a second, before the first row). The LIKE then runs after the policy's check, on one row each.
 */
export const textMatchesRow = (franchiseId: string, pattern: string): SQL =>
  sql`exists (select 1 from client_search s where s.client_id = ${clients.id}
    and s.franchise_id = ${franchiseId} and s.search_text like ${pattern})`

/**
 * `values` as one text[] parameter sent as JSON: one parameter for a list of any length (a list
 * written value by value made statements of thousands of parameters), and no array-literal quoting.
 */
export const textArray = (values: readonly string[]): SQL =>
  sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`

/**
 * The franchise's clients whose e-mail, in any case, is one of `emails` (lower case). Not written as
 * lower(email) = …: lower() is not leakproof, so under row-level security PostgreSQL would read every
 * client of the franchise instead of the e-mail index; client_ids_by_email (sql/client_ids_by_email.sql)
 * reads the index and checks the caller's reach itself.
 */
export const emailIn = (franchiseId: string, emails: readonly string[]): SQL =>
  // An array computed once, then the key's index: as `id in (select …)`, a join the planner could
  // drive from the franchise's clients when its estimates said they were few.
  sql`${clients.id} = any(array(select client_ids_by_email(${franchiseId}::uuid, ${textArray(emails)})))`
