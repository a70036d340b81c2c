// The franchise page (SPEC §2 /pages/franchise, §3 Franchise, §5, §8 "Franchise/store"). It loads the
// franchise, then lets the owner edit one thing at a time: the information (with a logo upload), the
// loyalty rules, the theme (previewed from the draft before saving), and three dialogs: client
// qualification, average basket and SMS sender name. Each save answers the whole franchise, which
// replaces the saved section's draft (other drafts are kept) and is announced to the session so the
// shell shows the new name, logo and colours at once.
// The sender name is checked live with the domain rules; once locally valid and the typing pauses,
// the server's sender-validity check runs (its code is shown the same way).
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  averageBasketError,
  type FranchiseDetail,
  type FranchiseTheme,
  type InfoDraft,
  infoDraftOf,
  infoErrors,
  infoPatchOf,
  isThemeValid,
  qualificationOf,
  type RulesDraft,
  rulesDraftOf,
  rulesErrors,
  rulesPatchOf,
  type SenderValidity,
  sameTheme,
} from '../../src/domain/franchise-settings'
import { checkSenderId, senderIdMessage } from '../../src/domain/sender-id'
import { franchiseSettingsActors } from './franchise-settings.actors'
import {
  type FranchiseSettingsContext,
  type FranchiseSettingsEvent,
  type FranchiseSettingsInput,
  SENDER_CHECK_DEBOUNCE_MS,
} from './franchise-settings.types'

export {
  type FranchiseSettingsContext,
  type FranchiseSettingsEvent,
  type FranchiseSettingsInput,
  SENDER_CHECK_DEBOUNCE_MS,
}

const out = <T>(event: unknown) => (event as { output: T }).output
const apiError = (event: unknown) => (event as { error?: ApiError }).error
const EMPTY_INFO: InfoDraft = { name: '', description: '', logo: null, codeAlpha3: 'FRA' }
const EMPTY_RULES: RulesDraft = {
  tagScanMinutes: '0',
  maxPoints: '',
  hasMaxPointsEnabled: false,
  allowStaticTags: false,
  staticTagDailyVisitCap: '1',
  newsMaxConcurrent: '3',
}
const EMPTY_THEME: FranchiseTheme = {
  primaryColor: '#000000',
  secondaryColor: '#000000',
  tertiaryColor: '#ffffff',
}

/** A failed save: the sender-id codes have their own messages; a vanished franchise says so. */
function messageOf(error: ApiError | undefined, fallback: string): string {
  if (error?.code?.startsWith('SENDER_ID_')) return senderIdMessage(error.code)
  if (error?.status === 404) return 'franchise.errors.notFound'
  return fallback
}

export const franchiseSettingsMachine = setup({
  types: {
    input: {} as FranchiseSettingsInput,
    context: {} as FranchiseSettingsContext,
    events: {} as FranchiseSettingsEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: franchiseSettingsActors,

  delays: { SENDER_CHECK_DEBOUNCE: SENDER_CHECK_DEBOUNCE_MS },
  guards: {
    hasFranchise: ({ context }) => context.franchiseId !== null,
    canEdit: ({ context }) => context.franchise?.canEdit === true,
    isInfoValid: ({ context }) =>
      context.franchise?.canEdit === true && !Object.keys(infoErrors(context.info)).length,
    isRulesValid: ({ context }) =>
      context.franchise?.canEdit === true && !Object.keys(rulesErrors(context.rules)).length,
    isThemeChanged: ({ context }) =>
      context.franchise?.canEdit === true &&
      isThemeValid(context.theme) &&
      !sameTheme(context.theme, context.franchise.theme),
    isQualificationValid: ({ context }) =>
      qualificationOf(context.qualification.value, context.qualification.unit) !== null,
    isAverageBasketValid: ({ context }) => averageBasketError(context.averageBasket.trim()) === null,
    // Guards run before the actions: read the typed value from the event.
    isSenderLocallyValid: ({ event }) => event.type === 'senderId.change' && checkSenderId(event.value).valid,
    canSaveSender: ({ context }) => checkSenderId(context.senderId).valid && context.senderCode === null,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: tells the session (the shell's franchise: name, logo, theme). */
    announceFranchise: (_, _params: { franchise: FranchiseDetail }) => {},
    adoptFranchise: assign(({ event }) => ({ franchise: out<FranchiseDetail>(event), dialogError: null })),
    resetAll: assign(({ event }) => {
      const f = out<FranchiseDetail>(event)
      return {
        franchise: f,
        info: infoDraftOf(f),
        rules: rulesDraftOf(f),
        theme: { ...f.theme },
        loadError: null,
      }
    }),
    setLoadError: assign(({ event }) => ({
      loadError: apiError(event)?.status === 404 ? 'franchise.errors.notFound' : 'franchise.errors.load',
    })),
    setNoFranchise: assign({ loadError: 'franchise.errors.notFound' }),
    editInfo: assign(({ context, event }) =>
      event.type === 'info.change' ? { info: { ...context.info, ...event.changes } } : {},
    ),
    resetInfo: assign(({ context }) => (context.franchise ? { info: infoDraftOf(context.franchise) } : {})),
    setLogo: assign(({ context, event }) => ({
      info: { ...context.info, logo: out<{ url: string }>(event).url },
    })),
    editRules: assign(({ context, event }) =>
      event.type === 'rules.change' ? { rules: { ...context.rules, ...event.changes } } : {},
    ),
    resetRules: assign(({ context }) =>
      context.franchise ? { rules: rulesDraftOf(context.franchise) } : {},
    ),
    editTheme: assign(({ context, event }) =>
      event.type === 'theme.change' ? { theme: { ...context.theme, ...event.changes } } : {},
    ),
    resetTheme: assign(({ context }) => (context.franchise ? { theme: { ...context.franchise.theme } } : {})),
    openQualification: assign(({ context }) => {
      const t = context.franchise!.customersQualification.lostCustomers.timeSinceLastVisit
      return { qualification: { value: String(t.value), unit: t.unit }, dialogError: null }
    }),
    editQualification: assign(({ context, event }) =>
      event.type === 'qualification.change'
        ? {
            qualification: {
              value: event.value ?? context.qualification.value,
              unit: event.unit ?? context.qualification.unit,
            },
          }
        : {},
    ),
    openAverageBasket: assign(({ context }) => ({
      averageBasket: (context.franchise!.averageBasketCents / 100).toFixed(2),
      dialogError: null,
    })),
    editAverageBasket: assign(({ event }) =>
      event.type === 'averageBasket.change' ? { averageBasket: event.value } : {},
    ),
    openSenderId: assign(({ context }) => {
      const value = context.franchise!.senderId ?? ''
      // The saved name was valid when saved: no need to ask the server again.
      return { senderId: value, senderCode: null, senderChecked: value || null, dialogError: null }
    }),
    editSenderId: assign(({ event }) => {
      if (event.type !== 'senderId.change') return {}
      const v = checkSenderId(event.value)
      return {
        senderId: event.value,
        senderCode: v.valid ? null : v.code,
        senderChecked: null,
        dialogError: null,
      }
    }),
    adoptValidity: assign(({ context, event }) => {
      const v = out<SenderValidity>(event)
      return v.valid
        ? { senderCode: null, senderChecked: context.senderId }
        : { senderCode: v.code ?? 'SENDER_ID_NOT_ALLOWED' }
    }),
    setDialogError: assign(({ event }, params: { fallback: string }) => ({
      dialogError: messageOf(apiError(event), params.fallback),
    })),
  },
}).createMachine({
  id: 'franchiseSettings',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    franchise: null,
    loadError: null,
    info: EMPTY_INFO,
    rules: EMPTY_RULES,
    theme: EMPTY_THEME,
    qualification: { value: '', unit: 'months' },
    averageBasket: '',
    senderId: '',
    senderCode: null,
    senderChecked: null,
    dialogError: null,
  }),
  initial: 'starting',
  states: {
    // A merchant without a franchise (a store owner whose links were removed) has nothing to load.
    starting: {
      always: [
        { guard: 'hasFranchise', target: 'loading' },
        { target: 'failed', actions: 'setNoFranchise' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadFranchise',
        src: 'loadFranchise',
        input: ({ context }) => ({ franchiseId: context.franchiseId! }),
        onDone: { target: 'ready', actions: 'resetAll' },
        onError: { target: 'failed', actions: 'setLoadError' },
      },
    },
    failed: { on: { 'franchise.retry': { guard: 'hasFranchise', target: 'loading' } } },
    ready: {
      initial: 'idle',
      on: {
        'info.change': { guard: 'canEdit', actions: 'editInfo' },
        'rules.change': { guard: 'canEdit', actions: 'editRules' },
        'theme.change': { guard: 'canEdit', actions: 'editTheme' },
      },
      states: {
        idle: {
          on: {
            'info.save': { guard: 'isInfoValid', target: 'savingInfo' },
            'info.reset': { actions: 'resetInfo' },
            'info.logo': { guard: 'canEdit', target: 'uploadingLogo' },
            'rules.save': { guard: 'isRulesValid', target: 'savingRules' },
            'rules.reset': { actions: 'resetRules' },
            'theme.save': { guard: 'isThemeChanged', target: 'savingTheme' },
            'theme.cancel': { actions: 'resetTheme' },
            'qualification.open': { guard: 'canEdit', target: 'qualification', actions: 'openQualification' },
            'averageBasket.open': { guard: 'canEdit', target: 'averageBasket', actions: 'openAverageBasket' },
            'senderId.open': { guard: 'canEdit', target: 'senderId', actions: 'openSenderId' },
          },
        },
        // The file goes to storage first; its address becomes the draft's logo, saved with the section.
        uploadingLogo: {
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ event }) => ({ file: (event as { file: File }).file }),
            onDone: { target: 'idle', actions: 'setLogo' },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'franchise.errors.logo' } },
            },
          },
        },
        savingInfo: {
          invoke: {
            id: 'saveFranchise',
            src: 'saveFranchise',
            input: ({ context }) => ({ franchiseId: context.franchiseId!, patch: infoPatchOf(context.info) }),
            onDone: { target: 'idle', actions: [...savedActions(), 'resetInfo'] },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'franchise.errors.info' } },
            },
          },
        },
        savingRules: {
          invoke: {
            id: 'saveFranchise',
            src: 'saveFranchise',
            input: ({ context }) => ({
              franchiseId: context.franchiseId!,
              patch: rulesPatchOf(context.rules),
            }),
            onDone: { target: 'idle', actions: [...savedActions(), 'resetRules'] },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
            },
          },
        },
        savingTheme: {
          invoke: {
            id: 'saveTheme',
            src: 'saveTheme',
            input: ({ context }) => ({ franchiseId: context.franchiseId!, theme: context.theme }),
            onDone: { target: 'idle', actions: [...savedActions(), 'resetTheme'] },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
            },
          },
        },
        qualification: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'qualification.change': { actions: 'editQualification' },
                'qualification.save': { guard: 'isQualificationValid', target: 'saving' },
                'dialog.close': '#franchiseSettings.ready.idle',
              },
            },
            saving: {
              invoke: {
                id: 'saveQualification',
                src: 'saveQualification',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId!,
                  qualification: qualificationOf(context.qualification.value, context.qualification.unit)!,
                }),
                onDone: { target: '#franchiseSettings.ready.idle', actions: savedActions() },
                onError: {
                  target: 'editing',
                  actions: { type: 'setDialogError', params: { fallback: 'franchise.errors.qualification' } },
                },
              },
            },
          },
        },
        averageBasket: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'averageBasket.change': { actions: 'editAverageBasket' },
                'averageBasket.save': { guard: 'isAverageBasketValid', target: 'saving' },
                'dialog.close': '#franchiseSettings.ready.idle',
              },
            },
            saving: {
              invoke: {
                id: 'saveFranchise',
                src: 'saveFranchise',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId!,
                  patch: { averageBasket: context.averageBasket.trim() },
                }),
                onDone: { target: '#franchiseSettings.ready.idle', actions: savedActions() },
                onError: {
                  target: 'editing',
                  actions: { type: 'setDialogError', params: { fallback: 'franchise.errors.averageBasket' } },
                },
              },
            },
          },
        },
        senderId: {
          initial: 'editing',
          on: {
            // Leaving `checking` stops the server check of the older value.
            'senderId.change': [
              {
                guard: 'isSenderLocallyValid',
                target: '.debouncing',
                reenter: true,
                actions: 'editSenderId',
              },
              { target: '.editing', actions: 'editSenderId' },
            ],
          },
          states: {
            editing: {
              on: {
                'senderId.save': { guard: 'canSaveSender', target: 'saving' },
                'dialog.close': '#franchiseSettings.ready.idle',
              },
            },
            debouncing: {
              after: { SENDER_CHECK_DEBOUNCE: 'checking' },
              on: { 'dialog.close': '#franchiseSettings.ready.idle' },
            },
            checking: {
              invoke: {
                id: 'checkSenderId',
                src: 'checkSenderId',
                input: ({ context }) => ({ value: context.senderId }),
                onDone: { target: 'editing', actions: 'adoptValidity' },
                // The check is a convenience: the save validates again on the server.
                onError: { target: 'editing' },
              },
              on: { 'dialog.close': '#franchiseSettings.ready.idle' },
            },
            saving: {
              on: { 'senderId.change': {} },
              invoke: {
                id: 'saveSenderId',
                src: 'saveSenderId',
                input: ({ context }) => ({ franchiseId: context.franchiseId!, senderId: context.senderId }),
                onDone: { target: '#franchiseSettings.ready.idle', actions: savedActions() },
                onError: {
                  target: 'editing',
                  actions: { type: 'setDialogError', params: { fallback: 'franchise.errors.senderId' } },
                },
              },
            },
          },
        },
      },
    },
  },
})

function savedActions() {
  return [
    'adoptFranchise',
    { type: 'notify', params: { level: 'success', id: 'franchise.updated' } },
    {
      type: 'announceFranchise',
      params: ({ event }: { event: unknown }) => ({ franchise: out<FranchiseDetail>(event) }),
    },
  ] as const
}
