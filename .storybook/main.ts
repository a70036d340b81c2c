import type { StorybookConfig } from '@storybook/react-vite'

// The Vite builder reuses vite.config.ts (React plugin, tsconfig paths) and postcss.config.cjs
// (Panda), so stories are styled exactly like the app.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
  core: {
    // Builds run in CI and offline: no telemetry, no crash reports, no update checks.
    disableTelemetry: true,
    enableCrashReports: false,
    disableWhatsNewNotifications: true,
  },
}

export default config
