// An import's file: its bytes read as UTF-8 or Windows-1252 (with or without a byte-order mark), its
// delimiter guessed from the header line, checked once whole at upload (one endless line, a binary or
// UTF-16 file are refused with a 400 naming the file field), then kept as text chunks that the job
// and the preview stream through csv-parse without holding the file whole.
import { pipeline, Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { and, asc, eq } from 'drizzle-orm'
import iconv from 'iconv-lite'
import {
  IMPORT_DELIMITERS,
  IMPORT_MAX_RECORD_CHARS,
  IMPORT_UPLOAD_FIELD,
  type ImportEncoding,
} from '../../domain/imports'
import type { Db, Tx } from '../db/client'
import { clientImportChunks } from '../db/schema'
import { badRequest } from '../errors'

export const CHUNK_CHARS = 1 << 20
/** More columns than any client file has: a line of 10 MB of commas is not a table. */
export const MAX_COLUMNS = 200

const fileError = (code: string, message: string) =>
  badRequest(code, `Invalid body: ${IMPORT_UPLOAD_FIELD}: ${message}`, {
    field: IMPORT_UPLOAD_FIELD,
    in: 'body',
  })

const UTF8_BOM = [0xef, 0xbb, 0xbf]
/** Bytes Windows-1252 leaves undefined: a file holding them was written in something else. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d])

/** The file's text, and how it was read. `declared`: what the merchant said (else guessed). */
export function decodeUpload(
  bytes: Buffer,
  declared?: ImportEncoding,
): { text: string; encoding: ImportEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw fileError('ENCODING_NOT_SUPPORTED', 'UTF-16 files are not accepted; save the file as UTF-8 CSV')
  if (bytes.includes(0)) throw fileError('ENCODING_NOT_SUPPORTED', 'this is not a text file')
  const bom = UTF8_BOM.every((b, i) => bytes[i] === b)
  const body = bom ? bytes.subarray(3) : bytes
  let utf8: string | null = null
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    utf8 = null
  }
  if (declared === 'utf-8' || bom) {
    if (utf8 === null) throw fileError('ENCODING_INVALID', 'the file is not valid UTF-8')
    return { text: utf8, encoding: 'utf-8' }
  }
  if (declared !== 'windows-1252' && utf8 !== null) return { text: utf8, encoding: 'utf-8' }
  if (body.some((b) => CP1252_UNDEFINED.has(b)))
    throw fileError('ENCODING_INVALID', 'the file is neither UTF-8 nor Windows-1252')
  return { text: iconv.decode(body, 'windows-1252'), encoding: 'windows-1252' }
}

/** The separator the header line uses most (outside quotes): comma, semicolon or tab. */
export function detectDelimiter(text: string): (typeof IMPORT_DELIMITERS)[number] {
  const counts = new Map<string, number>(IMPORT_DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best: (typeof IMPORT_DELIMITERS)[number] = ','
  for (const d of IMPORT_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/** The streaming parser every reading of a file uses (the same records at upload, preview and run). */
export const csvParser = (delimiter: string) =>
  parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_RECORD_CHARS,
  })

const asFileError = (err: unknown): never => {
  const code = (err as { code?: string }).code
  if (code === 'CSV_MAX_RECORD_SIZE') throw fileError('LINE_TOO_LONG', 'a line of the file is too long')
  if (code?.startsWith('CSV_')) throw fileError('CSV_INVALID', 'the file is not a readable CSV file')
  throw err
}

/** Reads the whole text once: its header and how many records follow (refusing what cannot be a table). */
export async function surveyText(
  text: string,
  delimiter: string,
): Promise<{ headers: string[]; rows: number }> {
  // A line longer than any record may be (counted on the raw text, before csv-parse buffers it).
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    if (end - start > IMPORT_MAX_RECORD_CHARS)
      throw fileError('LINE_TOO_LONG', 'a line of the file is too long')
    start = end + 1
  }
  let headers: string[] | null = null
  let rows = 0
  try {
    for await (const record of chunksOf(text).pipe(csvParser(delimiter)) as AsyncIterable<string[]>) {
      if (record.length > MAX_COLUMNS) throw fileError('TOO_MANY_COLUMNS', `more than ${MAX_COLUMNS} columns`)
      if (headers === null) headers = record.map((h) => h.trim())
      else rows++
    }
  } catch (err) {
    asFileError(err)
  }
  if (!headers || headers.every((h) => h === '')) throw fileError('FILE_EMPTY', 'the file has no header line')
  return { headers, rows }
}

function chunksOf(text: string): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < text.length; i += CHUNK_CHARS) yield text.slice(i, i + CHUNK_CHARS)
    })(),
  )
}

/** An import, by its key (franchise_id is part of it: issue 37 §4). */
export type ImportOf = { id: string; franchiseId: string }

/** Keeps the text as ordered chunks of the import. */
export async function storeText(tx: Tx, of: ImportOf, text: string): Promise<void> {
  const rows: { importId: string; franchiseId: string; seq: number; text: string }[] = []
  for (let i = 0, seq = 0; i < text.length; i += CHUNK_CHARS, seq++)
    rows.push({ importId: of.id, franchiseId: of.franchiseId, seq, text: text.slice(i, i + CHUNK_CHARS) })
  // A few chunks per statement: a statement's parameters stay a few megabytes.
  for (let i = 0; i < rows.length; i += 4) await tx.insert(clientImportChunks).values(rows.slice(i, i + 4))
}

/** The stored file's records, header first, read a chunk at a time. */
export function recordsOf(db: Db, of: ImportOf, delimiter: string): AsyncIterable<string[]> {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row] = await db
        .select({ text: clientImportChunks.text })
        .from(clientImportChunks)
        .where(
          and(
            eq(clientImportChunks.franchiseId, of.franchiseId),
            eq(clientImportChunks.importId, of.id),
            eq(clientImportChunks.seq, seq),
          ),
        )
        .orderBy(asc(clientImportChunks.seq))
      if (!row) return
      yield row.text
    }
  }
  const records = csvParser(delimiter)
  // pipeline, not pipe: a failed read (the database restarting) fails the records' iteration, and so
  // the job, which runs again. With pipe it was an 'error' nobody listened to: it ended the worker.
  pipeline(Readable.from(chunks()), records, () => {})
  return records
}
