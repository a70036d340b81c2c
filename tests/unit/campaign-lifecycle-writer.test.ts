// Issue 36 §3: one owner of the campaign lifecycle. Only services/campaign-lifecycle.ts inserts
// campaigns or writes their `state`/`dispatch`; every other server file goes through its transitions.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TRANSITIONS } from '../../src/server/services/campaign-lifecycle'
import { sourceFiles } from '../support/source-files'

const root = resolve(import.meta.dirname, '../..')
const OWNER = 'src/server/services/campaign-lifecycle.ts'

const sources = (dir: string) => sourceFiles(dir, /\.(ts|sql)$/, (folder) => folder !== 'migrations')

/** The writes of campaigns a source holds: Drizzle's insert/update of the table, or SQL's. */
function campaignStateWrites(code: string): string[] {
  const found: string[] = []
  for (const m of code.matchAll(/\.(insert|update)\(campaigns\)/g)) {
    const rest = code.slice(m.index, m.index + 600)
    // The statement's own text: up to the next blank line or the next statement.
    const statement = rest.split(/\n\s*\n|\n\s*(?:const|await|return|if) /)[0] ?? rest
    if (m[1] === 'insert' || /\b(state|dispatch)\s*:/.test(statement)) found.push(statement.split('\n')[0]!)
  }
  for (const m of code.matchAll(/(insert\s+into|update)\s+campaigns\b[^;]*?\b(state|dispatch)\b/gi))
    found.push(m[0].slice(0, 60))
  return found
}

describe('the campaign lifecycle has one writer', () => {
  it('finds a state write where there is one (the check itself can fail)', () => {
    expect(campaignStateWrites("await db.update(campaigns).set({ dispatch: 'SENT' })")).toHaveLength(1)
    expect(campaignStateWrites('await tx.insert(campaigns).values(v)')).toHaveLength(1)
    expect(campaignStateWrites("update campaigns set dispatch = 'SENT'")).toHaveLength(1)
    expect(campaignStateWrites('await tx.update(campaigns).set({ frozenAt: now })')).toEqual([])
  })

  it('no server file but campaign-lifecycle.ts inserts a campaign or writes its state', () => {
    const writers = sources(join(root, 'src/server'))
      .map((f) => relative(root, f))
      .filter((f) => f !== OWNER)
      .flatMap((f) => campaignStateWrites(readFileSync(join(root, f), 'utf8')).map((w) => `${f}: ${w}`))
    expect(writers).toEqual([])
  })

  it('allows each move only from the statuses its row names', () => {
    expect(TRANSITIONS.start.from).toEqual(['QUEUED'])
    expect(TRANSITIONS.finish.from).toEqual(['SENDING'])
    expect(TRANSITIONS.resume.from).toEqual(['PAUSED'])
    expect([...TRANSITIONS.pause.from].sort()).toEqual(['QUEUED', 'SENDING'])
    // Nothing moves a campaign out of SENT or CANCELLED but cancel (a sent one stays SENT).
    const leaving = Object.entries(TRANSITIONS)
      .filter(([, t]) => (t.from as readonly string[]).some((s) => s === 'SENT' || s === 'CANCELLED'))
      .map(([name]) => name)
    expect(leaving).toEqual(['cancel'])
  })
})
