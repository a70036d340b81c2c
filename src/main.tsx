import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App'
import { startEarlyCalls } from './api/client'
import { activeToken } from './api/storage'
import { pickLocale } from './domain/locale'
import { prefetchPage } from './routes/pages'
import { loadMessages } from './ui/i18n/messages'
import { readStoredPreferences } from './ui/shell/preferencesRuntime'

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

// The messages of the likely language start loading at once, alongside the first render (which waits
// for them); the preferences actor may still pick another language, which then loads in turn.
loadMessages(pickLocale(navigator.language, readStoredPreferences().language))

// Signed in (a token is stored): the page's chunks and its first reads start now, instead of after the
// session call's answer (issue 38 §7). A revoked token only wastes them.
if (activeToken()) {
  startEarlyCalls()
  prefetchPage(`${window.location.pathname}${window.location.search}`)
}

// The language, theme and direction come from the preferences actor (stored choice, then the
// browser's language); it sets <html lang>, dir and the theme itself.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
