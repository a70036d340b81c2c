import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const bin = (name: string) => join(root, 'node_modules/.bin', name)

// `npm run build-storybook`'s build in Storybook's test mode (`--test`), into a temporary directory,
// offline and without telemetry (also switched off in .storybook/main.ts). The test mode is Storybook's
// own for builds that are checked rather than read: the same stories, index and chunks, without the
// docs' component tables (docgen), source maps and tree shaking. The full build took 55 s of CPU on this
// 2-core machine, the test build 28 s (issue 36 §6); nothing below reads what it leaves out.
const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1', NO_COLOR: '1' }

describe('Storybook static build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'storybook-static-'))

  beforeAll(async () => {
    await run(bin('panda'), ['codegen', '--silent'], { cwd: root, env })
    await run(bin('storybook'), ['build', '--test', '--quiet', '-o', outDir], {
      cwd: root,
      env,
      maxBuffer: 64 * 1024 * 1024,
    })
  }, 300_000)

  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true })
  })

  it('writes the manager page and the preview iframe', () => {
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
    expect(existsSync(join(outDir, 'iframe.html'))).toBe(true)
  })

  it('indexes a story per primitive and the login page states', () => {
    const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')) as {
      entries: Record<string, { type: string; importPath: string }>
    }
    const ids = Object.keys(index.entries)
    for (const id of [
      'design-system-button--loading',
      'design-system-field--invalid',
      'design-system-passwordinput--visible',
      'design-system-dialog--confirm-destructive',
      'design-system-table--sortable',
      'design-system-toast--stacked',
      'design-system-tabs--first-selected',
      'pages-auth-login--empty',
      'pages-auth-login--valid',
      'pages-auth-login--loading',
      'pages-auth-login--field-errors',
    ]) {
      expect(ids, id).toContain(id)
    }
  })

  it('bundles each story file as an entry chunk', () => {
    const assets = readdirSync(join(outDir, 'assets'))
    expect(assets.some((file) => /^LoginPage\.stories-.*\.js$/.test(file))).toBe(true)
    expect(assets.some((file) => /^Button\.stories-.*\.js$/.test(file))).toBe(true)
  })

  it('loads nothing from another origin (the app runs under a strict CSP, so should its docs)', () => {
    for (const page of ['index.html', 'iframe.html']) {
      const html = readFileSync(join(outDir, page), 'utf8')
      // Scripts, stylesheets, fonts, icons; plain <a> links to the Storybook docs are fine.
      const external = [
        ...html.matchAll(/<(?:script|link|img|iframe)\b[^>]*(?:src|href)="(https?:\/\/[^"]+)"/g),
      ]
      expect(
        external.map((m) => m[1]),
        page,
      ).toEqual([])
    }
  })
})
