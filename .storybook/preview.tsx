import type { Decorator, Preview } from '@storybook/react-vite'
import '../src/index.css'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { isLocale } from '../src/domain/locale'
import { AppIntlProvider } from '../src/ui/i18n/IntlProvider'
import { loadAllMessages } from '../src/ui/i18n/messages'
import { Toaster } from '../src/ui/Toast'

const location = memoryLocation({ path: '/login' })

// Every story gets what the app's root gives: translations, the toaster and a router. The router
// lives in memory so a story's links never navigate the Storybook frame away.
const withApp: Decorator = (Story, context) => {
  const locale = isLocale(context.globals.locale) ? context.globals.locale : 'fr'
  // Theme on <html>, as the app will do, so portalled dialogs and toasts follow it too.
  document.documentElement.dataset.theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  document.documentElement.lang = locale
  return (
    <AppIntlProvider locale={locale}>
      <Router hook={location.hook}>
        <Story />
      </Router>
      <Toaster />
    </AppIntlProvider>
  )
}

const preview: Preview = {
  decorators: [withApp],
  // The messages load on first use in the app; stories start with both languages loaded.
  loaders: [async () => ({ messages: await loadAllMessages() })],
  initialGlobals: { locale: 'fr', theme: 'light' },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'fr', title: 'Français' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
}

export default preview
