// The entry of public.html: the customers' pages, without the back-office (issue 17).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../index.css'
import { pickLocale } from '../domain/locale'
import { loadMessages } from '../ui/i18n/messages'
import { readStoredPreferences } from '../ui/shell/preferencesRuntime'
import { PublicApp } from './PublicApp'
import { prefetchPublicPage } from './pages'

const container = document.getElementById('root')
if (!container) throw new Error('public.html must contain <div id="root">')

// The page's chunk and the likely language's messages load together, alongside the first render.
prefetchPublicPage(location.pathname)
loadMessages(pickLocale(navigator.language, readStoredPreferences().language))

createRoot(container).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
)
