// Client imports (issue 23, "Import clients"): the uploaded file (decoded to text, kept in chunks so
// that the job streams it back without holding it whole), the import's mapping and progress, and one
// row per CSV record processed. The progress counters and the cursor are written in the same
// transaction as a batch's clients and ledger rows: a restart resumes at the cursor and nobody is
// created twice (and the (import, row) key refuses a row processed twice).
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ImportMapping } from '../../domain/imports'
import { createdAt, franchiseKey, franchises, updatedAt } from './tables-core'

export const clientImports = pgTable(
  'client_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    /** Who uploaded it (the ledger's author of the opening balances) and the admin behind them. */
    authorId: uuid('author_id').notNull(),
    impostorOf: uuid('impostor_of'),
    fileName: text('file_name').notNull(),
    /** utf-8 | windows-1252: how the bytes were read. */
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Data records in the file (the header line excluded). */
    totalRows: integer('total_rows').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    /** UPLOADED | QUEUED | RUNNING | DONE | FAILED | CANCELLED */
    status: text('status').notNull().default('UPLOADED'),
    /** Records processed so far: the next run starts after them. */
    cursor: integer('cursor').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // With franchise_id, the distribution column on Citus (issue 37 §4); id first: a lookup by id alone.
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('client_imports_franchise_idx').on(t.franchiseId, t.createdAt),
  ],
)

/** The file's text in order (about a megabyte each). */
export const clientImportChunks = pgTable(
  'client_import_chunks',
  {
    importId: uuid('import_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    seq: integer('seq').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq, t.franchiseId] }),
    franchiseKey('client_import_chunks_import_fk', t, t.importId, clientImports).onDelete('cascade'),
  ],
)

/** What became of each record: CREATED, UPDATED or SKIPPED (with its reason and cells for the report). */
export const clientImportRows = pgTable(
  'client_import_rows',
  {
    importId: uuid('import_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    /** 1 for the first record after the header. */
    row: integer('row').notNull(),
    outcome: text('outcome').notNull(),
    clientId: uuid('client_id'),
    reason: text('reason'),
    field: text('field'),
    cells: jsonb('cells').$type<string[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row, t.franchiseId] }),
    franchiseKey('client_import_rows_import_fk', t, t.importId, clientImports).onDelete('cascade'),
    index('client_import_rows_client_idx').on(t.importId, t.clientId),
  ],
)
