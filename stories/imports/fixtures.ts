// An import as the server answers it (GET /api/v2/imports/:id), for the stories and the UI test.
import type { ImportPreviewRow, ImportResponse, ImportSkippedPage } from '../../src/domain/imports'
import { IMPORT_HEADER, IMPORT_MAPPING } from '../../tests/support/import-fixtures'

export const IMPORT_ID = '55555555-5555-4555-8555-000000000023'
export const IMPORT_FILE = 'clients-boutique.csv'

const OWN_FIELDS = Object.keys(IMPORT_MAPPING)

export function importResponse(over: Partial<ImportResponse> = {}): ImportResponse {
  return {
    id: IMPORT_ID,
    franchiseId: '11111111-1111-4111-8111-111111111111',
    fileName: IMPORT_FILE,
    status: 'UPLOADED',
    totalRows: 2000,
    rowsRead: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    error: null,
    createdAt: '2026-11-25T14:00:00.000Z',
    finishedAt: null,
    encoding: 'utf-8',
    delimiter: ',',
    headers: IMPORT_HEADER,
    mapping: null,
    suggestedMapping: IMPORT_MAPPING,
    fields: [
      ...OWN_FIELDS.map((key) => ({ key, label: null, crm: false as const })),
      { key: 'crm.favourite', label: 'Favourite pastry', crm: true as const },
    ],
    ...over,
  }
}

const cells = (i: number) => [
  `Prénom${i}`,
  `Nom${i}`,
  `client${i}@import.test`,
  `07500000${String(i).padStart(2, '0')}`,
  i % 2 ? 'F' : 'M',
  '14/07/1985',
  '75003',
  String(i * 10),
]

export const PREVIEW_ROWS: ImportPreviewRow[] = [
  { row: 2, cells: cells(1), outcome: 'CREATE', reason: null, field: null },
  { row: 3, cells: cells(2), outcome: 'UPDATE', reason: null, field: null },
  {
    row: 4,
    cells: [...cells(3).slice(0, 3), '12', ...cells(3).slice(4)],
    outcome: 'SKIP',
    reason: 'PHONE_INVALID',
    field: 'phone',
  },
  { row: 5, cells: cells(4), outcome: 'CREATE', reason: null, field: null },
]

export const SKIPPED: ImportSkippedPage = {
  rows: [
    { row: 4, reason: 'PHONE_INVALID', field: 'phone', cells: PREVIEW_ROWS[2]!.cells },
    { row: 9, reason: 'FIRST_NAME_MISSING', field: 'firstName', cells: ['', ...cells(8).slice(1)] },
    { row: 14, reason: 'DUPLICATE_IN_FILE', field: 'phone', cells: cells(9) },
  ],
  total: 3,
}
