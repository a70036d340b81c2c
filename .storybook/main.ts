import type { StorybookConfig } from '@storybook/react-vite'

// The Vite builder reuses vite.config.ts (React plugin, tsconfig paths) and postcss.config.cjs
// (Panda), so stories are styled exactly like the app.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
  // Not the app's `.br`/`.gz` copies of every file (vite.config.ts, for the server's preCompressed
  // answers): Storybook's static build has no such server, and compressing its ~400 files at the
  // highest levels was 40% of its build's CPU (issue 36 §6).
  viteFinal: (config) => ({
    ...config,
    plugins: (config.plugins ?? []).filter(
      (p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'precompressed'),
    ),
  }),
  core: {
    // Builds run in CI and offline: no telemetry, no crash reports, no update checks.
    disableTelemetry: true,
    enableCrashReports: false,
    disableWhatsNewNotifications: true,
  },
}

export default config
