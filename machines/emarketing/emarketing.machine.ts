// The e-marketing set-up screen (issue 21, SPEC §2 /pages/e-marketing, §5): loads the franchise's page
// (null means "not set up yet": an empty form in the franchise's colours), edits it with
// a live preview, uploads the logo, checks the link is free, then creates or updates it.
import { assign, setup } from 'xstate'
import {
  type Availability,
  type Emarketing,
  type EmarketingForm,
  emarketingFormErrors,
  formOf,
  inputOf,
} from '../../src/domain/emarketing'
import { emarketingActors } from './emarketing.actors'

export type EmarketingMachineInput = {
  userId: string
  franchiseId: string
  /** The set-up form's starting values: the franchise's colours and a link from its name. */
  defaults: Omit<EmarketingForm, 'registrationPoints'>
}

export type EmarketingContext = EmarketingMachineInput & {
  entity: Emarketing | null
  form: EmarketingForm
  /** The field the server or the availability check refused, as a message key. */
  serverError: { field: keyof EmarketingForm | null; key: string } | null
  logoError: string | null
}

export type EmarketingEvent =
  | { type: 'emarketing.field'; name: keyof EmarketingForm; value: string }
  | { type: 'emarketing.logo'; file: File }
  | { type: 'emarketing.removeLogo' }
  | { type: 'emarketing.save' }
  | { type: 'emarketing.retry' }

type Failure = { status?: number; code?: string }
const failureOf = (event: unknown) => ((event as { error?: Failure }).error ?? {}) as Failure

export const emarketingMachine = setup({
  types: {
    context: {} as EmarketingContext,
    events: {} as EmarketingEvent,
    input: {} as EmarketingMachineInput,
  },
  // The real calls (src/api) and the logo upload; tests and stories provide fakes.
  actors: emarketingActors,
  guards: {
    isFormValid: ({ context }) => Object.keys(emarketingFormErrors(context.form)).length === 0,
    isLinkAvailable: ({ event }) => (event as unknown as { output: Availability }).output.isAvailable,
    isLinkTaken: ({ event }) => failureOf(event).code === 'EMARKETING_LINK_TAKEN',
  },
  actions: {
    setField: assign({
      form: ({ context, event }) =>
        event.type === 'emarketing.field' ? { ...context.form, [event.name]: event.value } : context.form,
      serverError: null,
    }),
    setEntity: assign({
      entity: ({ event }) => (event as unknown as { output: Emarketing | null }).output,
      form: ({ context, event }) =>
        formOf((event as unknown as { output: Emarketing | null }).output, context.defaults),
      serverError: null,
    }),
    linkTaken: assign({ serverError: { field: 'link' as const, key: 'emarketing.errors.linkTaken' } }),
    saveFailed: assign({ serverError: { field: null, key: 'emarketing.errors.save' } }),
    setLogo: assign({
      form: ({ context, event }) => ({
        ...context.form,
        logo: (event as unknown as { output: { url: string } }).output.url,
      }),
      logoError: null,
    }),
    removeLogo: assign({ form: ({ context }) => ({ ...context.form, logo: '' }) }),
    logoFailed: assign({ logoError: 'emarketing.errors.upload' }),
    notifySaved: () => {},
  },
}).createMachine({
  id: 'emarketing',
  context: ({ input }) => ({
    ...input,
    entity: null,
    form: formOf(null, input.defaults),
    serverError: null,
    logoError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEmarketing',
        src: 'loadEmarketing',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'editing', actions: 'setEntity' },
        onError: 'failed',
      },
    },
    failed: { on: { 'emarketing.retry': 'loading' } },
    editing: {
      initial: 'idle',
      on: { 'emarketing.field': { actions: 'setField' } },
      states: {
        idle: {
          on: {
            'emarketing.save': { guard: 'isFormValid', target: 'checkingLink' },
            'emarketing.logo': 'uploadingLogo',
            'emarketing.removeLogo': { actions: 'removeLogo' },
          },
        },
        uploadingLogo: {
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            input: ({ event }) => ({ file: (event as { file: File }).file }),
            onDone: { target: 'idle', actions: 'setLogo' },
            onError: { target: 'idle', actions: 'logoFailed' },
          },
        },
        checkingLink: {
          invoke: {
            id: 'checkLink',
            src: 'checkLink',
            input: ({ context }) => ({ id: context.entity?.id ?? null, link: context.form.link }),
            onDone: [
              { guard: 'isLinkAvailable', target: 'saving' },
              { target: 'idle', actions: 'linkTaken' },
            ],
            onError: { target: 'idle', actions: 'saveFailed' },
          },
        },
        saving: {
          invoke: {
            id: 'saveEmarketing',
            src: 'saveEmarketing',
            input: ({ context }) => ({
              id: context.entity?.id ?? null,
              input: inputOf(context.franchiseId, context.form),
            }),
            onDone: { target: 'idle', actions: ['setEntity', 'notifySaved'] },
            onError: [
              { guard: 'isLinkTaken', target: 'idle', actions: 'linkTaken' },
              { target: 'idle', actions: 'saveFailed' },
            ],
          },
        },
      },
    },
  },
})
