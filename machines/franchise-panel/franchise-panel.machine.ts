// The franchise panel (/pages/admin/franchise-panel/:id; SPEC §2 admin panel, §4 "Sender id has validity
// and an error type. Franchise features update on toggle.", §6 admin). Four regions:
// - panel: the franchise's details, counts, features, loyalty model and stores (one read), with retry.
// - audit: the audit log of writes made while acting as the merchant, newest first, paged.
// - change: one write at a time, shown where it was asked: a feature toggle, a store setting, the
//   loyalty type. Each answer updates the panel in place.
// - senderId: the SMS sender name modal: §5 rules while typing, then the server's validity check (its
//   failure status read into an error type), then the save.
// - owner: a franchise created without an owner gets one here: the dialog (e-mail, name), then
//   POST /api/v2/franchise-owner {franchiseId}; the owner is invited by e-mail and the panel shows it.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type AuditPage,
  EMPTY_OWNER_FORM,
  type FranchiseOwnerFormErrors,
  type FranchisePanel,
  type OwnerForm,
  validateOwnerForm,
} from '../../src/domain/admin'
import type { Feature, LoyaltyType } from '../../src/domain/constants'
import { checkSenderId, SENDER_ID_MAX_LENGTH } from '../../src/domain/sender-id'
import {
  applyChange,
  checkSender,
  createOwner,
  loadAudit,
  loadPanel,
  saveSender,
} from './franchise-panel.actors'

export const AUDIT_PANEL_PAGE_SIZE = 10

export type StoreSetting = 'hasScannerEnabled' | 'hasFullWebAppEnabled'
export type PanelChange =
  | { kind: 'feature'; feature: Feature; isEnabled: boolean }
  | { kind: 'store'; storeId: string; setting: StoreSetting; value: boolean }
  | { kind: 'loyaltyType'; loyaltyType: LoyaltyType }

export type FranchisePanelInput = { franchiseId: string }
export type CreateOwnerInput = { franchiseId: string; values: OwnerForm }

export type FranchisePanelContext = {
  franchiseId: string
  panel: FranchisePanel | null
  /** The HTTP status of a failed panel read (0: the server could not be reached). */
  errorCode: number | null
  audit: AuditPage | null
  auditPage: number
  change: PanelChange | null
  senderInput: string
  /** A §5 code (SENDER_ID_…) or, when the check itself failed, HTTP_<status>. */
  senderError: string | null
  ownerForm: OwnerForm
  /** Message ids per field; shown from the first submit on. */
  ownerErrors: FranchiseOwnerFormErrors
  /** A message id for a failure no field explains. */
  ownerError: string | null
}

export type FranchisePanelEvent =
  | { type: 'panel.retry' }
  | { type: 'audit.page'; page: number }
  | { type: 'audit.retry' }
  | { type: 'panel.toggleFeature'; feature: Feature; isEnabled: boolean }
  | { type: 'panel.storeSetting'; storeId: string; setting: StoreSetting; value: boolean }
  | { type: 'panel.loyaltyType'; loyaltyType: LoyaltyType }
  | { type: 'senderId.open' }
  | { type: 'senderId.change'; value: string }
  | { type: 'senderId.submit' }
  | { type: 'senderId.cancel' }
  | { type: 'owner.open' }
  | { type: 'owner.change'; field: keyof OwnerForm; value: string }
  | { type: 'owner.submit' }
  | { type: 'owner.cancel' }

const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const outputOf = <T>(event: unknown) => (event as { output: T }).output

/** The error type of a failed check or save: the server's §5 code on a 400, else the HTTP status. */
export function senderErrorType(error: ApiError | undefined): string {
  if (error?.status === 400 && error.code.startsWith('SENDER_ID_')) return error.code
  return `HTTP_${error?.status ?? 0}`
}

export const franchisePanelMachine = setup({
  types: {
    input: {} as FranchisePanelInput,
    context: {} as FranchisePanelContext,
    events: {} as FranchisePanelEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: { loadPanel, loadAudit, applyChange, checkSender, saveSender, createOwner },
  guards: {
    isOtherAuditPage: ({ context, event }) =>
      event.type === 'audit.page' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.auditPage,
    hasModel: ({ context }) => !!context.panel?.loyaltyModel,
    /** A change is about a panel read from the server: none before it loads or after it failed. */
    hasPanel: ({ context }) => context.panel !== null,
    isKnownStore: ({ context, event }) =>
      event.type === 'panel.storeSetting' && !!context.panel?.stores.some((s) => s.id === event.storeId),
    isSenderValidLocally: ({ context }) => checkSenderId(context.senderInput).valid,
    isSenderValid: ({ event }) => outputOf<{ valid: boolean }>(event).valid,
    hasNoOwner: ({ context }) => !!context.panel && context.panel.owner === null,
    isOwnerFormValid: ({ context }) => Object.keys(validateOwnerForm(context.ownerForm)).length === 0,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) => {},
    setPanel: assign({ panel: ({ event }) => outputOf<FranchisePanel>(event), errorCode: null }),
    setPanelFailure: assign({ panel: null, errorCode: ({ event }) => errorOf(event)?.status ?? 0 }),
    setAudit: assign({ audit: ({ event }) => outputOf<AuditPage>(event) }),
    clearAudit: assign({ audit: null }),
    goToAuditPage: assign({ auditPage: ({ event }) => (event.type === 'audit.page' ? event.page : 1) }),
    setChange: assign({
      change: ({ event }): PanelChange | null => {
        if (event.type === 'panel.toggleFeature')
          return { kind: 'feature', feature: event.feature, isEnabled: event.isEnabled }
        if (event.type === 'panel.storeSetting')
          return { kind: 'store', storeId: event.storeId, setting: event.setting, value: event.value }
        if (event.type === 'panel.loyaltyType') return { kind: 'loyaltyType', loyaltyType: event.loyaltyType }
        return null
      },
    }),
    clearChange: assign({ change: null }),
    openSender: assign({
      senderInput: ({ context }) => context.panel?.franchise.senderId ?? '',
      senderError: null,
    }),
    editSender: assign(({ event }) => {
      if (event.type !== 'senderId.change') return {}
      const senderInput = event.value.slice(0, SENDER_ID_MAX_LENGTH + 5)
      const local = checkSenderId(senderInput)
      return { senderInput, senderError: local.valid ? null : local.code }
    }),
    showLocalSenderError: assign({
      senderError: ({ context }) => {
        const local = checkSenderId(context.senderInput)
        return local.valid ? null : local.code
      },
    }),
    setSenderInvalid: assign({
      senderError: ({ event }) => outputOf<{ code?: string }>(event).code ?? 'SENDER_ID_NOT_ALLOWED',
    }),
    setSenderFailure: assign({ senderError: ({ event }) => senderErrorType(errorOf(event)) }),
    adoptSender: assign({
      panel: ({ context }) =>
        context.panel && {
          ...context.panel,
          franchise: { ...context.panel.franchise, senderId: context.senderInput },
        },
      senderError: null,
    }),
    openOwner: assign({ ownerForm: () => ({ ...EMPTY_OWNER_FORM }), ownerErrors: {}, ownerError: null }),
    editOwner: assign(({ context, event }) => {
      if (event.type !== 'owner.change') return {}
      const ownerForm = { ...context.ownerForm, [event.field]: event.value }
      const shown = Object.keys(context.ownerErrors).length > 0
      return { ownerForm, ownerErrors: shown ? validateOwnerForm(ownerForm) : {}, ownerError: null }
    }),
    showOwnerErrors: assign({ ownerErrors: ({ context }) => validateOwnerForm(context.ownerForm) }),
    setOwnerFailure: assign(({ event }) => {
      const error = errorOf(event)
      if (error?.status === 409 && error.code === 'FRANCHISE_HAS_OWNER')
        return { ownerError: 'admin.owner.errors.hasOwner' }
      if (error?.status === 409) return { ownerErrors: { email: 'admin.create.errors.emailExists' } }
      if (error?.status === 400 && error.field === 'email')
        return { ownerErrors: { email: 'admin.create.errors.emailInvalid' } }
      return { ownerError: 'errors.generic' }
    }),
  },
}).createMachine({
  id: 'franchisePanel',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    panel: null,
    errorCode: null,
    audit: null,
    auditPage: 1,
    change: null,
    senderInput: '',
    senderError: null,
    ownerForm: { ...EMPTY_OWNER_FORM },
    ownerErrors: {},
    ownerError: null,
  }),
  type: 'parallel',
  states: {
    panel: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPanel',
            src: 'loadPanel',
            input: ({ context }) => ({ franchiseId: context.franchiseId }),
            onDone: { target: 'ready', actions: 'setPanel' },
            onError: { target: 'failed', actions: 'setPanelFailure' },
          },
        },
        ready: {},
        failed: { on: { 'panel.retry': 'loading' } },
      },
    },
    audit: {
      initial: 'loading',
      on: { 'audit.page': { guard: 'isOtherAuditPage', target: '.loading', actions: 'goToAuditPage' } },
      states: {
        loading: {
          invoke: {
            id: 'loadAudit',
            src: 'loadAudit',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              page: context.auditPage,
              size: AUDIT_PANEL_PAGE_SIZE,
            }),
            onDone: { target: 'ready', actions: 'setAudit' },
            onError: { target: 'failed', actions: 'clearAudit' },
          },
        },
        ready: {},
        failed: { on: { 'audit.retry': 'loading' } },
      },
    },
    change: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'panel.toggleFeature': { guard: 'hasPanel', target: 'saving', actions: 'setChange' },
            'panel.storeSetting': { guard: 'isKnownStore', target: 'saving', actions: 'setChange' },
            // The type belongs to the loyalty model: without one there is nothing to change.
            'panel.loyaltyType': { guard: 'hasModel', target: 'saving', actions: 'setChange' },
          },
        },
        saving: {
          invoke: {
            id: 'applyChange',
            src: 'applyChange',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              modelId: context.panel?.loyaltyModel?.id ?? null,
              change: context.change!,
            }),
            onDone: {
              target: 'idle',
              actions: [
                'setPanel',
                'clearChange',
                { type: 'notify', params: { level: 'success', id: 'admin.panel.saved' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'clearChange',
                { type: 'notify', params: { level: 'error', id: 'admin.panel.saveError' } },
              ],
            },
          },
        },
      },
    },
    senderId: {
      initial: 'closed',
      states: {
        closed: { on: { 'senderId.open': { target: 'editing', actions: 'openSender' } } },
        editing: {
          on: {
            'senderId.change': { actions: 'editSender' },
            'senderId.submit': [
              { guard: 'isSenderValidLocally', target: 'checking' },
              { actions: 'showLocalSenderError' },
            ],
            'senderId.cancel': 'closed',
          },
        },
        // The server has the last word (its list of forbidden names may be longer than ours).
        checking: {
          invoke: {
            id: 'checkSender',
            src: 'checkSender',
            input: ({ context }) => ({ value: context.senderInput }),
            onDone: [
              { guard: 'isSenderValid', target: 'saving' },
              { target: 'editing', actions: 'setSenderInvalid' },
            ],
            onError: { target: 'editing', actions: 'setSenderFailure' },
          },
        },
        saving: {
          invoke: {
            id: 'saveSender',
            src: 'saveSender',
            input: ({ context }) => ({ franchiseId: context.franchiseId, senderId: context.senderInput }),
            onDone: {
              target: 'closed',
              actions: [
                'adoptSender',
                { type: 'notify', params: { level: 'success', id: 'admin.senderId.saved' } },
              ],
            },
            onError: { target: 'editing', actions: 'setSenderFailure' },
          },
        },
      },
    },
    owner: {
      initial: 'closed',
      states: {
        // Only a loaded franchise without an owner offers "Create the owner".
        closed: { on: { 'owner.open': { guard: 'hasNoOwner', target: 'editing', actions: 'openOwner' } } },
        editing: {
          on: {
            'owner.change': { actions: 'editOwner' },
            'owner.submit': [
              { guard: 'isOwnerFormValid', target: 'creating' },
              { actions: 'showOwnerErrors' },
            ],
            'owner.cancel': 'closed',
          },
        },
        creating: {
          invoke: {
            id: 'createOwner',
            src: 'createOwner',
            input: ({ context }) => ({ franchiseId: context.franchiseId, values: context.ownerForm }),
            onDone: {
              target: 'closed',
              actions: [
                'setPanel',
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    level: 'success' as const,
                    id: 'admin.owner.created',
                    values: { email: context.ownerForm.email.trim() },
                  }),
                },
              ],
            },
            onError: { target: 'editing', actions: 'setOwnerFailure' },
          },
        },
      },
    },
  },
})
