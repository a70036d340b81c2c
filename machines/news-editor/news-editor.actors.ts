// The news editor's default actor: create or update through src/api (aborted through `signal`).
import { fromPromise } from 'xstate'
import { newsApi } from '../../src/api/news'
import type { NewsItem } from '../../src/domain/news'
import type { SaveNewsInput } from './news-editor.machine'

export const saveNews = fromPromise<NewsItem, SaveNewsInput>(({ input, signal }) =>
  input.id
    ? newsApi.update(input.id, input.body, signal)
    : newsApi.create(input.franchiseId, input.body, signal),
)
