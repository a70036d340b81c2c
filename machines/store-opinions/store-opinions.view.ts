import type { SnapshotFrom } from 'xstate'
import { OPINION_REPLY_MAX, replyProblem } from '../../src/domain/opinions'
import type { storeOpinionsMachine } from './store-opinions.machine'

/** What a store's opinions page renders. */
export function toStoreOpinionsView(s: SnapshotFrom<typeof storeOpinionsMachine>) {
  const { rows, total, page, size, rating, error, reply } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const isReplying = !s.matches({ reply: 'closed' })
  const isSaving = s.matches({ reply: 'saving' })
  const problem = reply ? replyProblem(reply.text) : null
  return {
    rows,
    total,
    page,
    size,
    rating,
    pageCount: Math.max(1, Math.ceil(total / size)),
    error: isFailed ? error : null,
    isFailed,
    isLoading,
    /** Rows of an earlier query on screen while the new ones come. */
    isRefreshing: isLoading && rows.length > 0,
    /** Not a single opinion for this store: "no opinion yet". */
    isEmpty: isReady && total === 0 && rating === null,
    /** None with this rating. */
    isNoResult: isReady && total === 0 && rating !== null,
    reply:
      isReplying && reply ? { ...reply, opinion: rows.find((o) => o.id === reply.opinionId) ?? null } : null,
    isSaving,
    /** Too long is said at once; empty only disables saving. */
    replyProblem: problem === 'tooLong' ? 'pages.storeOpinions.reply.tooLong' : null,
    replyMax: OPINION_REPLY_MAX,
    canSave: isReplying && !isSaving && problem === null,
  }
}
export type StoreOpinionsView = ReturnType<typeof toStoreOpinionsView>
