// News and happy hours (/pages/news, owners): the list machine with the address and the toasts wired.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/news-list/news-list.actors'
import { newsListMachine } from '../../../machines/news-list/news-list.machine'
import { toNewsListView } from '../../../machines/news-list/news-list.view'
import { ROUTES } from '../../domain/access'
import { newsToday } from '../../domain/news'
import { useSession } from '../../ui/session/hooks'
import { useNewsLogic } from './logic'
import { NewsPage } from './NewsPage'

export const NEWS_PATH = ROUTES.news.path
export const NewsActorContext = createActorContext(newsListMachine)

export function NewsContainer() {
  const logic = useNewsLogic()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [machine] = useState(() =>
    logic.news.provide({
      actors: { watchLocation: watchLocationOf(logic.location, NEWS_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) => navigate(`${NEWS_PATH}${p.search}`, { replace: true }),
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
      },
    }),
  )
  if (!session.franchise) return null
  const input = {
    location: search ? `?${search}` : '',
    franchiseId: session.franchise.id,
    today: newsToday(session.franchise.timezone),
    stores: session.stores.filter((s) => s.franchiseId === session.franchise!.id),
    isStoreOwner: session.role === 'STORE_OWNER',
  }
  return (
    <NewsActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedNews currency={session.franchise.currencyCode} />
    </NewsActorContext.Provider>
  )
}

function ConnectedNews({ currency }: { currency: string }) {
  const view = NewsActorContext.useSelector(toNewsListView)
  const actor = NewsActorContext.useActorRef()
  return <NewsPage view={view} send={actor.send} currency={currency} />
}
