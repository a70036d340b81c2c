// News and happy hours (/pages/news, owners): the news list (a createListMachine list, its query in the
// address) and its dialogs (news-actions, whose changes reload the list), with the toasts wired.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { type NewsActionsInput, newsActionsMachine } from '../../../machines/news-list/news-actions.machine'
import { toNewsActionsView } from '../../../machines/news-list/news-actions.view'
import { watchLocationOf } from '../../../machines/news-list/news-list.actors'
import { newsListMachine, toNewsListView } from '../../../machines/news-list/news-list.list'
import { ROUTES } from '../../domain/access'
import { todayIn } from '../../domain/today'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { NewsPage, type NewsPageEvent } from './NewsPage'

export const NEWS_PATH = ROUTES.news.path
export const NewsListContext = createActorContext(newsListMachine)
export const NewsActionsContext = createActorContext(newsActionsMachine)

export function NewsContainer() {
  const effects = useAppEffects()
  const provided = useProvided(newsListMachine)
  const session = useSession()
  const search = useSearch()
  const [list] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, NEWS_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${NEWS_PATH}${p.search}`, { replace: true }),
      },
    }),
  )
  if (!session.franchise) return null
  const franchiseId = session.franchise.id
  const input = { location: search ? `?${search}` : '', params: { franchiseId } }
  const actionsInput = {
    franchiseId,
    today: todayIn(session.franchise.timezone),
    stores: session.stores.filter((s) => s.franchiseId === franchiseId),
    isStoreOwner: session.role === 'STORE_OWNER',
  }
  return (
    <NewsListContext.Provider logic={list} options={{ input }}>
      <NewsActionsScope input={actionsInput} currency={session.franchise.currencyCode} />
    </NewsListContext.Provider>
  )
}

function NewsActionsScope({ input, currency }: { input: NewsActionsInput; currency: string }) {
  const effects = useAppEffects()
  const provided = useProvided(newsActionsMachine)
  const list = NewsListContext.useActorRef()
  const [actions] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        listChanged: () => list.send({ type: 'list.reload' }),
      },
    }),
  )
  return (
    <NewsActionsContext.Provider logic={actions} options={{ input }}>
      <ConnectedNews currency={currency} />
    </NewsActionsContext.Provider>
  )
}

function ConnectedNews({ currency }: { currency: string }) {
  const listView = NewsListContext.useSelector(toNewsListView)
  const actionsView = NewsActionsContext.useSelector(toNewsActionsView)
  const list = NewsListContext.useActorRef()
  const actions = NewsActionsContext.useActorRef()
  const send = (event: NewsPageEvent) => {
    if (event.type.startsWith('list.')) list.send(event as Parameters<typeof list.send>[0])
    else actions.send(event as Parameters<typeof actions.send>[0])
  }
  return <NewsPage view={{ ...listView, ...actionsView }} send={send} currency={currency} />
}
