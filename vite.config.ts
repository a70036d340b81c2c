import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { visualizer } from 'rollup-plugin-visualizer'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { PAGE_ONLY_LIBRARIES } from './page-only-libraries'
import { hourStamp } from './tests/support/run-hour'

/**
 * In a build, i18n/<locale>.json is the formatjs CLI's pre-parsed form (`formatjs compile --ast`) and
 * react-intl's ICU parser is left out (its no-parser build): the browser formats without parsing.
 * Development and tests keep the plain strings and the parser.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            // Its ES module build: the CommonJS one require()s all of tslib, which the bundle kept whole.
            replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
          },
        ],
      },
    }),
    load(id) {
      if (!/[\\/]i18n[\\/][a-z]{2}\.json$/.test(id)) return null
      const ast = execFileSync('npx', ['formatjs', 'compile', id, '--ast', '--format', 'simple'], {
        encoding: 'utf8',
      })
      this.addWatchFile(id)
      // Still JSON: Vite's JSON plugin makes it a module as it would the source file.
      return JSON.stringify(JSON.parse(ast))
    },
  }
}

/**
 * Writes `x.br` and `x.gz` next to every text file of the build, once, at the highest levels: the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing on each request.
 */
function precompressed(): Plugin {
  const text = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
  let outDir = 'dist'
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      for (const name of files.filter((f) => text.test(f) && !f.startsWith('.vite'))) {
        const file = join(outDir, name)
        const data = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

/**
 * `npm run dev`: the public pages' paths get public.html, as the server answers them (src/server/plugins/
 * static.ts); everything else keeps Vite's fallback to index.html.
 */
function publicPagesInDev(): Plugin {
  return {
    name: 'public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = '', query] = (req.url ?? '').split('?')
        if (!(req.headers.accept ?? '').includes('text/html')) return next()
        // The list lives in the app's domain code, loaded through Vite (the config loader cannot).
        server
          .ssrLoadModule('/src/domain/access.ts')
          .then((access) => {
            if ((access as typeof import('./src/domain/access')).isPublicPage(path))
              req.url = `/public.html${query ? `?${query}` : ''}`
            next()
          })
          .catch(next)
      })
    },
  }
}

/**
 * One chunk for the code the signed-in pages share (issue 17). Left alone, the bundler gave every
 * small module shared by two pages a chunk of its own: the client list's first load fetched 56 scripts,
 * and a phone on HTTP/1.1 gets them six at a time, one round trip each. The shared app code (src,
 * machines, light UI libraries) that many lazy chunks use goes into `app-shared`; nothing the
 * HTML entries load statically (the login page) nor anything a customer's page can load (public.html
 * and its lazy pages) is taken into it, so the login page does not grow and a QR code's visitor never
 * downloads back-office code, and the page-only libraries (charts, calendar, phone metadata, QR, drag and
 * drop, holidays, the messages) keep their own chunks, loaded with the pages that use them.
 */
function sharedAppChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const entryGraph = new Set<string>()
  const publicGraph = new Set<string>()
  const pullsPageOnly = new Set<string>()
  // The page-only libraries, and each language's messages.
  const pageOnly = (id: string) => PAGE_ONLY_LIBRARIES.test(id) || /[\\/]i18n[\\/]/.test(id)
  const plugin: Plugin = {
    name: 'shared-app-chunk',
    apply: 'build',
    buildEnd() {
      // Known once every module is parsed: what each HTML entry loads statically, and everything the
      // customers' pages can load (public.html's lazy pages too), which must never fetch back-office code.
      const collect = (id: string, into: Set<string>, lazyToo: boolean) => {
        if (into.has(id)) return
        into.add(id)
        const info = this.getModuleInfo(id)
        for (const dep of info?.importedIds ?? []) collect(dep, into, lazyToo)
        if (lazyToo) for (const dep of info?.dynamicallyImportedIds ?? []) collect(dep, into, lazyToo)
      }
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.isEntry) continue
        collect(id, entryGraph, false)
        if (/public\.html$/.test(id)) collect(id, publicGraph, true)
      }
      // A module that statically reaches a page-only library would make every page that loads
      // app-shared download that library too (domain/sms.ts took the SMS segment counter, 9 kB
      // gzipped, into every signed-in page): such modules stay with the pages that import them.
      const queue = [...this.getModuleIds()].filter(pageOnly)
      for (let id = queue.pop(); id !== undefined; id = queue.pop())
        for (const importer of this.getModuleInfo(id)?.importers ?? [])
          if (!entryGraph.has(importer) && !pullsPageOnly.has(importer)) {
            pullsPageOnly.add(importer)
            queue.push(importer)
          }
    },
  }
  const test = (id: string) =>
    !entryGraph.has(id) &&
    !publicGraph.has(id) &&
    !pageOnly(id) &&
    !pullsPageOnly.has(id) &&
    !id.includes('?')
  return { plugin, test }
}
const shared = sharedAppChunk()

// Everything the browser calls on the API server during `npm run dev` (SPEC §7 paths outside /api too).
const apiPrefixes = [
  '/api',
  '/services',
  '/stripe',
  '/aws',
  '/request-password-reset',
  '/pos-merchant-accounts',
  '/orders',
  '/tags/uid',
  '/providers',
  '/uploads',
  '/checkout',
]

// The hour this test run started, for every process of the run (the workers and the servers they start
// inherit it): the demo template is keyed by it, so a run that crosses an hour seeds it once
// (tests/support/database.ts demoKey).
process.env.LB_TEST_RUN_HOUR ??= hourStamp(new Date())

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    precompiledMessages(),
    publicPagesInDev(),
    precompressed(),
    shared.plugin,
    // `npm run build -- --mode analyze`: dist/stats.html shows what every chunk contains.
    mode === 'analyze' && visualizer({ filename: 'dist/stats.html', gzipSize: true, sourcemap: false }),
  ],
  // `styled-system/*` (Panda's generated code) is mapped in tsconfig.json; let Vite read the same map.
  resolve: {
    tsconfigPaths: true,
    // The pre-React-18 shims @xstate/react imports: React's own hook instead (src/vendor).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/vendor/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPrefixes.map((p) => [p, { target: 'http://127.0.0.1:3000', changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunks and their imports, read by tests/support/bundle-budget.mjs.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // Two pages: the back-office, and the customers' pages (QR codes) that must not download it.
    rolldownOptions: {
      input: { main: 'index.html', public: 'public.html' },
      output: {
        codeSplitting: {
          // Code that 8 or more lazy chunks use: what nearly every signed-in page takes (a lower count made
          // every page download the campaign pages' code). Only the modules the test names: their
          // dependencies that the entries load stay there.
          groups: [
            {
              name: 'app-shared',
              test: shared.test,
              minShareCount: 8,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // Two cores: keep concurrency modest so PGlite-backed files don't starve each other.
    maxWorkers: 2,
    projects: [
      // `isolate: false`: a worker keeps its imported modules from one test file to the next. Every file
      // opens its own database and app, so nothing is shared but the code; importing the server (or
      // the machines) again for each file was most of the suite's time (a 12-file sample of the server
      // tests: 67 s isolated, 26 s not).
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        // Shared modules too (issue 36 §6): each file isolated imported every page again in its own
        // jsdom (ui-setup.ts preloads them), 270 s of the suite where a shared worker takes 100 s. Each
        // test unmounts what it rendered (cleanup), which also takes Ark's layers (dialogs, menus) off
        // zag's module-level stack; a test waits for a lazy page to resume rather than expecting it
        // resumed already (the first file of a worker pays for the import, the next do not).
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/support/ui-setup.ts'],
          isolate: false,
          // jsdom + user-event journeys through real machines: slow on a busy 2-core machine, not stuck.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-server.ts'],
          // Runs again before each file (Vitest re-imports setup files): each file leases its own server.
          setupFiles: ['tests/support/e2e-lease.ts'],
          // A worker kept from one file to the next (issue 36 §6): isolated, each file waited for a new
          // worker process and its imports, 12 s between two journeys of one worker on a loaded host.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page reached by goto() can take over a second to render on a slow CI host; vitest's
          // default poll (1 s) failed there. Only waits lengthen: a poll still passes at its first match.
          expect: { poll: { timeout: 10_000 } },
          // After every other project (a group of its own), two files at a time, each on a server it
          // leases for itself (tests/support/e2e-server.ts). Without file parallelism the files ran
          // one by one with the second core mostly idle (issue 36 §6).
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'storybook',
          environment: 'node',
          include: ['tests/storybook/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
    ],
  },
}))
