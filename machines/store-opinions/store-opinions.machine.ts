// A store's opinions (/pages/stores/:id/opinions, issue 6): a paged list, newest first, with a rating
// filter, and the reply dialog (open, edit, save, cancel). Two regions: the list keeps loading and
// paging while the dialog is open. Rules:
// - a rating change goes back to the first page; a page past the last (a shorter list) shows the last;
// - leaving `loading` stops its call, so an answer to a replaced query never lands;
// - a saved reply replaces the opinion in the list (no reload) and says so; a failure keeps the dialog
//   and its text, with the generic error of §8 ("opinion update failure: generic");
// - the dialog cannot be dismissed while it saves.
import { assign, setup } from 'xstate'
import { type Opinion, type OpinionPage, replyProblem } from '../../src/domain/opinions'
import { listOpinions, saveReply } from './store-opinions.actors'

export const STORE_OPINIONS_PAGE_SIZE = 10

export type ListOpinionsInput = { storeId: string; page: number; size: number; rating: number | null }
export type SaveReplyInput = { storeId: string; opinionId: string; reply: string }

export type ReplyDraft = { opinionId: string; text: string; error: string | null }

export type StoreOpinionsContext = {
  storeId: string
  page: number
  size: number
  rating: number | null
  rows: Opinion[]
  total: number
  /** A message id, set when the last load failed. */
  error: string | null
  reply: ReplyDraft | null
}

export type StoreOpinionsEvent =
  | { type: 'opinions.page'; page: number }
  | { type: 'opinions.rating'; rating: number | null }
  | { type: 'opinions.retry' }
  | { type: 'reply.open'; opinionId: string }
  | { type: 'reply.edit'; text: string }
  | { type: 'reply.save' }
  | { type: 'reply.cancel' }

const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size))
const outputOf = (event: unknown) => (event as { output: OpinionPage }).output

export const storeOpinionsMachine = setup({
  types: {
    context: {} as StoreOpinionsContext,
    events: {} as StoreOpinionsEvent,
    input: {} as { storeId: string },
  },
  actors: {
    listOpinions,
    saveReply,
  },
  guards: {
    isOtherPage: ({ context, event }) =>
      event.type === 'opinions.page' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCount(context.total, context.size) &&
      event.page !== context.page,
    isOtherRating: ({ context, event }) =>
      event.type === 'opinions.rating' &&
      (event.rating === null || [1, 2, 3, 4, 5].includes(event.rating)) &&
      event.rating !== context.rating,
    isPastLastPage: ({ context, event }) => {
      const { data, metadata } = outputOf(event)
      return data.length === 0 && metadata.total > 0 && context.page > pageCount(metadata.total, context.size)
    },
    isListedOpinion: ({ context, event }) =>
      event.type === 'reply.open' && context.rows.some((o) => o.id === event.opinionId),
    canSaveReply: ({ context }) => context.reply !== null && replyProblem(context.reply.text) === null,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    goToPage: assign({ page: ({ event }) => (event.type === 'opinions.page' ? event.page : 1) }),
    setRating: assign({
      rating: ({ event }) => (event.type === 'opinions.rating' ? event.rating : null),
      page: 1,
    }),
    goToLastPage: assign({
      page: ({ context, event }) => pageCount(outputOf(event).metadata.total, context.size),
    }),
    setPage: assign(({ event }) => {
      const { data, metadata } = outputOf(event)
      return { rows: data, total: metadata.total, error: null }
    }),
    setFailure: assign({ rows: [], total: 0, error: 'pages.storeOpinions.errors.load' }),
    openReply: assign({
      reply: ({ context, event }) => {
        const id = event.type === 'reply.open' ? event.opinionId : ''
        const o = context.rows.find((r) => r.id === id)
        return { opinionId: id, text: o?.reply ?? '', error: null }
      },
    }),
    editReply: assign({
      reply: ({ context, event }) =>
        context.reply && event.type === 'reply.edit' ? { ...context.reply, text: event.text } : context.reply,
    }),
    closeReply: assign({ reply: null }),
    replaceOpinion: assign({
      rows: ({ context, event }) => {
        const saved = (event as unknown as { output: Opinion }).output
        return context.rows.map((o) => (o.id === saved.id ? saved : o))
      },
    }),
    setReplyFailure: assign({
      reply: ({ context }) => (context.reply ? { ...context.reply, error: 'errors.generic' } : null),
    }),
  },
}).createMachine({
  id: 'storeOpinions',
  context: ({ input }) => ({
    storeId: input.storeId,
    page: 1,
    size: STORE_OPINIONS_PAGE_SIZE,
    rating: null,
    rows: [],
    total: 0,
    error: null,
    reply: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'opinions.page': { guard: 'isOtherPage', target: '.loading', actions: 'goToPage' },
        'opinions.rating': { guard: 'isOtherRating', target: '.loading', actions: 'setRating' },
      },
      states: {
        loading: {
          invoke: {
            id: 'listOpinions',
            src: 'listOpinions',
            input: ({ context }) => ({
              storeId: context.storeId,
              page: context.page,
              size: context.size,
              rating: context.rating,
            }),
            onDone: [
              { guard: 'isPastLastPage', target: 'loading', reenter: true, actions: 'goToLastPage' },
              { target: 'ready', actions: 'setPage' },
            ],
            onError: { target: 'failed', actions: 'setFailure' },
          },
        },
        ready: {},
        failed: { on: { 'opinions.retry': 'loading' } },
      },
    },
    reply: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'reply.open': { guard: 'isListedOpinion', target: 'editing', actions: 'openReply' } },
        },
        editing: {
          on: {
            'reply.edit': { actions: 'editReply' },
            'reply.save': { guard: 'canSaveReply', target: 'saving' },
            'reply.cancel': { target: 'closed', actions: 'closeReply' },
          },
        },
        // Why no cancel here: the call may already have landed; closing would hide its outcome.
        saving: {
          invoke: {
            id: 'saveReply',
            src: 'saveReply',
            input: ({ context }) => ({
              storeId: context.storeId,
              opinionId: context.reply!.opinionId,
              reply: context.reply!.text.trim(),
            }),
            onDone: {
              target: 'closed',
              actions: [
                'replaceOpinion',
                'closeReply',
                { type: 'notify', params: { level: 'success', id: 'pages.storeOpinions.reply.saved' } },
              ],
            },
            onError: { target: 'editing', actions: 'setReplyFailure' },
          },
        },
      },
    },
  },
})
