// An import's stored file read back (services/imports-file.ts recordsOf): a read that fails midway, as
// when the database restarts, fails the iteration of the records. It used to be an 'error' event on the
// chunks' stream that nobody listened to, which ended the worker process (the chaos test's worker2).
import { describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { recordsOf } from '../../src/server/services/imports-file'

/** A database whose chunk reads answer `chunks` in turn, then no row (the end), or fail with `error`. */
function chunksThen(chunks: string[], error?: Error): Db {
  let reads = 0
  const query = {
    from: () => query,
    where: () => query,
    orderBy: async () => {
      const text = chunks[reads++]
      if (text !== undefined) return [{ text }]
      if (error) throw error
      return []
    },
  }
  return { select: () => query } as unknown as Db
}

describe('an import file’s records', () => {
  it('are the stored chunks’ CSV records, header first', async () => {
    const db = chunksThen(['name;phone\nAnn;06', ' 12 34 56 78\n'])
    const records: string[][] = []
    for await (const r of recordsOf(db, { id: 'i', franchiseId: 'f' }, ';')) records.push(r)
    expect(records).toEqual([
      ['name', 'phone'],
      ['Ann', '06 12 34 56 78'],
    ])
  })

  it('fail their iteration when a read fails midway, without an unhandled error', async () => {
    const down = new Error('terminating connection due to administrator command')
    const records = recordsOf(chunksThen(['name;phone\n'], down), { id: 'i', franchiseId: 'f' }, ';')
    await expect(
      (async () => {
        for await (const _ of records);
      })(),
    ).rejects.toBe(down)
  })
})
