import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App'
import { pickLocale } from './domain/locale'
import { loadMessages } from './ui/i18n/messages'
import { readStoredPreferences } from './ui/shell/preferencesRuntime'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

// The messages of the likely language start loading at once, alongside the first render (which waits
// for them); the preferences actor may still pick another language, which then loads in turn.
loadMessages(pickLocale(navigator.language, readStoredPreferences().language))

// The language, theme and direction come from the preferences actor (stored choice, then the
// browser's language); it sets <html lang>, dir and the theme itself.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
