import type { CrmFieldType } from '../../domain/crm'
import type { MessageId } from '../../ui/i18n/messages'

/** The message of each field type (message ids are camel case). */
export const CRM_TYPE_LABELS: Record<CrmFieldType, MessageId> = {
  SHORT_TEXT: 'crm.types.shortText',
  NUMBER: 'crm.types.number',
  DATE: 'crm.types.date',
}
