// Issue 37 §4: the schema is ready to be distributed by franchise_id on Citus. The rules are read from the
// migrated database's catalogue (tests/support/citus-rules.ts); the placement of each table is declared in
// src/server/db/distribution.ts. The only breaks are the accepted exceptions (following the rule would
// change behaviour, said why), an exact list: a new break fails, and so does a fixed one still listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_TABLES, REFERENCE_TABLES } from '../../src/server/db/distribution'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { citusBreaks, placements } from '../support/citus-rules'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'
import { multiShardReason } from '../support/tenant-sql'

/** Breaks kept on purpose: following the rule would change what the product does. */
const EXCEPTIONS: Record<string, string> = {
  'tags: unique tags_uid_key (tag_uid) lacks franchise_id':
    "a tag's UID is unique across franchises: the public scan page finds the tag by it before it knows a franchise (on Citus: a reference table of UID to franchise, or the franchise in the scan URL)",
  'emarketings: unique emarketings_link_key (link) lacks franchise_id':
    "a landing page's link (/e/<link>) is unique across franchises and found before the franchise is known (same as tag UIDs)",
  'campaign_recipients: unique campaign_recipients_link_code_key (link_code) lacks franchise_id':
    "a short link's code is resolved publicly, with no franchise (same as tag UIDs)",
  'outbox: primary key (id) lacks franchise_id':
    'a message may belong to no franchise (mail to a user: sign-up, password reset): franchise_id is nullable, and a distribution column cannot be null (on Citus: per-franchise messages in a distributed outbox, the others in a local one)',
  'outbox: unique outbox_dedupe_key (dedupe_key) lacks franchise_id':
    'dedupe keys of messages of no franchise (as above)',
  'audit_log: primary key (id) lacks franchise_id':
    "staff's own actions are logged with no franchise (nullable franchise_id, as outbox)",
}

describe.each(databaseKinds())('the schema follows the Citus rules on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  }, 120_000)
  afterAll(() => database?.drop())

  it('places every table, and declares only tables that exist', async () => {
    const kinds = await placements(database)
    for (const table of [...Object.keys(REFERENCE_TABLES), ...Object.keys(LOCAL_TABLES)])
      expect(kinds.has(table), `${table} is declared but absent`).toBe(true)
    expect(kinds.get('franchises')).toBe('distributed')
    expect(kinds.get('clients')).toBe('distributed')
  })

  it('breaks no rule but the listed exceptions', async () => {
    expect(await citusBreaks(database)).toEqual(Object.keys(EXCEPTIONS).sort())
  })

  it('finds a break of each kind', async () => {
    // Scratch tables in this file's own database, dropped after: the checker must see what they break.
    const probe = `
      create table citus_probe_parent (id uuid primary key, franchise_id uuid not null);
      create table citus_probe_child (
        franchise_id uuid not null, id uuid not null, parent_id uuid, primary key (franchise_id, id),
        foreign key (parent_id) references citus_probe_parent (id));
      create table citus_probe_child2 (
        franchise_id uuid not null, id uuid not null, primary key (franchise_id, id),
        foreign key (franchise_id) references franchises (id) on delete set null);
      create unique index citus_probe_code on citus_probe_child (id);
      create table citus_probe_stray (id int primary key)`
    await runAs(OWNER, () => database.raw(probe))
    try {
      const breaks = (await citusBreaks(database)).filter((b) => b.startsWith('citus_probe'))
      expect(breaks).toEqual([
        'citus_probe_child2: foreign key (franchise_id) → franchises sets null or default on delete',
        'citus_probe_child: foreign key (parent_id) → citus_probe_parent lacks franchise_id',
        'citus_probe_child: unique citus_probe_code (id) lacks franchise_id',
        'citus_probe_parent: primary key (id) lacks franchise_id',
        'citus_probe_stray: neither distributed (franchise_id) nor declared reference or local, or both',
      ])
    } finally {
      await runAs(OWNER, () =>
        database.raw(
          'drop table citus_probe_child, citus_probe_child2, citus_probe_parent, citus_probe_stray',
        ),
      )
    }
  })
})

// The statement recorder of the tenant boundary tests (tests/support/tenant-sql.ts) holds each statement
// on a distributed table to a franchise filter, as a single-shard query needs.
describe('a statement on a distributed table', () => {
  const tables = ['clients', 'franchises', 'emarketings']
  it('names its franchise in its WHERE, or is a declared cross-franchise query', () => {
    expect(multiShardReason('select "id" from "clients" where "clients"."phone" = $1', tables)).toMatch(
      /clients without a franchise filter/,
    )
    expect(
      multiShardReason(
        'select "id" from "clients" where ("clients"."phone" = $1 and "clients"."franchise_id" = $2)',
        tables,
      ),
    ).toBeNull()
    expect(multiShardReason('delete from "clients" where "clients"."id" = $1', tables)).toMatch(/without/)
    // A plain insert goes to the shard of the franchise_id it carries; an INSERT ... SELECT reads.
    expect(
      multiShardReason('insert into "clients" ("id", "franchise_id") values ($1, $2)', tables),
    ).toBeNull()
    expect(
      multiShardReason('insert into "clients" select * from "clients" where "clients"."phone" = $1', tables),
    ).toMatch(/without/)
    expect(
      multiShardReason('update "franchises" set "name" = $1 where "franchises"."id" = $2', tables),
    ).toBeNull()
    expect(
      multiShardReason('select "id" from "franchises" where "franchises"."user_id" = $1', tables),
    ).toBeNull()
    expect(multiShardReason('select "id" from "users" where "users"."email" = $1', tables)).toBeNull()
  })
})
