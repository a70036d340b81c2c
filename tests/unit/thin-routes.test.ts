// Issue 36 §4: routes parse, call one service and reply. No route file holds the database or an adapter:
// they call services bound to them (src/server/services/bound.ts), so the choice of database (and, later,
// of a replica) and of provider lives in one place.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'

const root = resolve(import.meta.dirname, '../..')

/** What a route's code reaches that it must not: the database handle or an adapter. */
function heldResources(code: string): string[] {
  const found = code.matchAll(/\b(?:app|fastify|instance)\.(database|adapters)\b|\bdb\(\)/g)
  return [...found].map((m) => m[0])
}

describe('routes hold no database and no adapter', () => {
  it('finds a held resource where there is one (the check itself can fail)', () => {
    expect(heldResources('const db = () => app.database.db')).toEqual(['app.database'])
    expect(heldResources('listCategories(db())')).toEqual(['db()'])
    expect(heldResources('app.adapters.geo.locate(ip)')).toEqual(['app.adapters'])
    expect(heldResources('counterCoupon(request.tenant!, code)')).toEqual([])
  })

  it('no file under src/server/routes reaches app.database, db() or app.adapters', () => {
    const held = sourceFiles(join(root, 'src/server/routes')).flatMap((f) =>
      heldResources(readFileSync(f, 'utf8')).map((r) => `${relative(root, f)}: ${r}`),
    )
    expect(held).toEqual([])
  })
})
