import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

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

export default defineConfig({
  plugins: [react()],
  // `styled-system/*` (Panda's generated code) is mapped in tsconfig.json; let Vite read the same map.
  resolve: { tsconfigPaths: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPrefixes.map((p) => [p, { target: 'http://127.0.0.1:3000', changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1200 },
  test: {
    // Two cores: keep concurrency modest so PGlite-backed files don't starve each other.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/support/ui-setup.ts'],
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
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
})
