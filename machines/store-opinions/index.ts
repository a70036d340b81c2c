export {
  type ListOpinionsInput,
  type ReplyDraft,
  type SaveReplyInput,
  STORE_OPINIONS_PAGE_SIZE,
  type StoreOpinionsContext,
  type StoreOpinionsEvent,
  storeOpinionsMachine,
} from './store-opinions.machine'
export { type StoreOpinionsView, toStoreOpinionsView } from './store-opinions.view'
