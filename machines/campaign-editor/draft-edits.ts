// How each editor event changes the draft, and the save call's input. Pure.
import { setAudienceField, toggleAudienceValue } from '../../src/domain/audience-filters'
import {
  type CampaignDraft,
  type CouponForm,
  type FilterForm,
  type ScheduleForm,
  toCampaignInput,
} from '../../src/domain/campaign-draft'
import { editNews } from '../../src/domain/campaign-news-draft'
import { CHANNELS } from '../../src/domain/campaigns'
import type { CampaignEditorContext, CampaignEditorEvent, SaveCampaignInput } from './campaign-editor.types'

const CONTENTS = ['NEWS', 'COUPON_AMOUNT', 'COUPON_PERCENT', 'COUPON_PRODUCT'] as const
const COUPON_FIELDS = new Set<keyof CouponForm>([
  'value',
  'header',
  'productDescription',
  'termsOfUse',
  'validityValue',
  'validityUnit',
])
const SCHEDULE_FIELDS = new Set<keyof ScheduleForm>(['mode', 'date', 'hour', 'endDate'])
/** Long enough for any real text; a pasted novel is cut, not sent. */
const MAX_TEXT = 2000

function editFilters(f: FilterForm, event: CampaignEditorEvent): FilterForm {
  if (event.type === 'editor.filter') {
    if (event.field === 'scope')
      return event.value === 'stores' || event.value === 'franchise'
        ? // §5: the franchise xor stores; the whole franchise drops the stores picked.
          { ...f, scope: event.value, storeIds: event.value === 'franchise' ? [] : f.storeIds }
        : f
    return setAudienceField(f, event.field, event.value)
  }
  if (event.type === 'editor.toggle') {
    if (event.field === 'storeIds') {
      const storeIds = f.storeIds.includes(event.value)
        ? f.storeIds.filter((v) => v !== event.value)
        : [...f.storeIds, event.value]
      return { ...f, scope: 'stores', storeIds }
    }
    return toggleAudienceValue(f, event.field, event.value)
  }
  return f
}

/**
 * The draft after `event`; the same object when the event changes nothing (an unknown value). `today`:
 * the franchise's day, where a news item created with the campaign starts by default.
 */
export function editDraft(d: CampaignDraft, event: CampaignEditorEvent, today = ''): CampaignDraft {
  switch (event.type) {
    case 'editor.name':
      return { ...d, name: event.value.slice(0, 200) }
    case 'editor.channel':
      return (CHANNELS as readonly string[]).includes(event.channel) ? { ...d, channel: event.channel } : d
    case 'editor.filter':
    case 'editor.toggle': {
      const filters = editFilters(d.filters, event)
      return filters === d.filters ? d : { ...d, filters }
    }
    case 'editor.content':
      return CONTENTS.includes(event.content) ? { ...d, content: event.content } : d
    case 'editor.coupon':
      if (!COUPON_FIELDS.has(event.field)) return d
      if (event.field === 'validityUnit' && !['days', 'weeks', 'months'].includes(event.value)) return d
      return { ...d, coupon: { ...d.coupon, [event.field]: event.value.slice(0, 1000) } }
    case 'editor.text':
      return ['title', 'message', 'link'].includes(event.field)
        ? { ...d, [event.field]: event.value.slice(0, MAX_TEXT) }
        : d
    case 'editor.image':
      return { ...d, image: { file: event.file, preview: event.preview } }
    case 'editor.imageRemove':
      return d.image ? { ...d, image: null } : d
    case 'editor.schedule':
      if (!SCHEDULE_FIELDS.has(event.field)) return d
      if (event.field === 'mode' && event.value !== 'now' && event.value !== 'later') return d
      return { ...d, schedule: { ...d.schedule, [event.field]: event.value } }
    case 'editor.news': {
      const news = editNews(d.news, event.field, event.value, today)
      return news === d.news ? d : { ...d, news }
    }
    default:
      return d
  }
}

/** The create or update call's input for the draft as it stands. */
export function saveBody(c: CampaignEditorContext): SaveCampaignInput {
  const image = c.draft.image
  const imageUrl = image && 'url' in image ? image.url : c.imageUrl
  return {
    franchiseId: c.franchiseId,
    campaignId: c.campaignId,
    body: toCampaignInput(c.draft, { userId: c.userId, imageUrl, original: c.original }),
  }
}
