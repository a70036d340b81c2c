// The store editor (SPEC §2 "stores with new/edit dialog, opening hours, links, settings, confirm-delete",
// §3 Store, §5 text helpers, §8): one new or existing store. Every §3 field, the opening hours (several
// ranges a day, per-day errors: inverted or overlapping ranges), the settings, the logo and picture
// uploads, delete with a confirmation, and a warning before closing with unsaved changes.
// It ends (final state) with what happened, so the list can reload and the session refresh its stores.
import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import type { WeekDay } from '../../src/domain/constants'
import { countryCurrency, phoneCountry } from '../../src/domain/countries'
import {
  type FranchiseField,
  type FranchiseFormValues,
  type NewStoreInput,
  validateFranchiseForm,
} from '../../src/domain/first-store'
import {
  addRange,
  copyDay,
  defaultWeek,
  removeRange,
  setRange,
  type WeekHours,
  weekErrors,
} from '../../src/domain/opening-hours'
import {
  emptyStoreForm,
  NEAR_CITIES_SEARCH_KM,
  type NearCity,
  type Store,
  type StoreField,
  type StoreFormValues,
  storeCoordinates,
  storeToForm,
  toStoreInput,
  validateStoreForm,
} from '../../src/domain/stores'
import { deleteStore, findCities, loadStore, saveStore, uploadImage } from './store-editor.actors'

export type StoreSettings = { hasScannerEnabled: boolean; hasFullWebAppEnabled: boolean }
export type ImageField = 'logo' | 'picture'

export type StoreEditorInput = {
  /** null: a new store. */
  storeId: string | null
  /** The franchise's currency, which every store of it has (its country's, shown, never chosen). */
  currencyCode: string
  /** The franchise's country, for phone numbers. */
  country: CountryCode
  /**
   * §4: the merchant has no franchise yet, so its first store creates it: the form asks its name and
   * country (which sets the store's currency and the phone numbers' country).
   */
  needsFranchise?: boolean
  /**
   * The store's own page (/pages/stores/:id): saving an existing store stays on the form, saved, with
   * the success message, instead of ending (the list's dialog closes).
   */
  stayOnSave?: boolean
}

export type StoreEditorOutput = { outcome: 'created' | 'updated' | 'deleted' | 'closed'; store: Store | null }

export type SaveStoreInput = {
  storeId: string | null
  body: NewStoreInput
  /** Sent with PATCH …/settings when they differ from the saved ones. */
  settings: StoreSettings | null
}

export type StoreEditorContext = {
  storeId: string | null
  country: CountryCode
  /** The store's currency: its franchise country's (src/domain/countries.ts), never typed. */
  currencyCode: string
  stayOnSave: boolean
  values: StoreFormValues
  hours: WeekHours
  settings: StoreSettings
  /** The franchise a first store creates (null: the merchant has one). */
  franchise: FranchiseFormValues | null
  /** What was loaded (or the blank form): a difference is an unsaved change. */
  initial: {
    values: StoreFormValues
    hours: WeekHours
    settings: StoreSettings
    franchise: FranchiseFormValues | null
  }
  /** After a first save attempt every field error shows, not only those of touched fields. */
  submitted: boolean
  touched: (StoreField | FranchiseField)[]
  error: string | null
  saved: Store | null
  outcome: StoreEditorOutput['outcome']
  /** Cities near the typed coordinates (null: not looked up since they last changed). */
  nearCities: NearCity[] | null
}

export type StoreEditorEvent =
  | { type: 'store.change'; field: StoreField; value: string }
  | { type: 'franchise.change'; field: FranchiseField; value: string }
  | { type: 'hours.add'; day: WeekDay }
  | { type: 'hours.remove'; day: WeekDay; index: number }
  | { type: 'hours.set'; day: WeekDay; index: number; field: 'open' | 'close'; value: string }
  | { type: 'hours.copy'; from: WeekDay; to: WeekDay[] }
  | { type: 'settings.toggle'; key: keyof StoreSettings }
  | { type: 'store.upload'; field: ImageField; file: File }
  | { type: 'store.save' }
  | { type: 'store.delete' }
  | { type: 'store.close' }
  | { type: 'store.confirm' }
  | { type: 'store.cancel' }
  | { type: 'store.retry' }
  | { type: 'store.findCities' }
  | { type: 'store.pickCity'; name: string }

/** The country a new franchise starts on (the product's home market); the merchant may change it. */
export const NEW_FRANCHISE_COUNTRY = 'FRA'
const NO_SETTINGS: StoreSettings = { hasScannerEnabled: false, hasFullWebAppEnabled: false }
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const hasChanges = (c: StoreEditorContext) =>
  !same(c.values, c.initial.values) ||
  !same(c.hours, c.initial.hours) ||
  !same(c.settings, c.initial.settings) ||
  !same(c.franchise, c.initial.franchise)

export const isFormValid = (c: StoreEditorContext) =>
  Object.keys(validateStoreForm(c.values, c.country)).length === 0 &&
  Object.keys(weekErrors(c.hours)).length === 0 &&
  (c.franchise === null || Object.keys(validateFranchiseForm(c.franchise)).length === 0)

export const storeEditorMachine = setup({
  types: {
    input: {} as StoreEditorInput,
    context: {} as StoreEditorContext,
    events: {} as StoreEditorEvent,
    output: {} as StoreEditorOutput,
  },
  actors: {
    loadStore,
    saveStore,
    deleteStore,
    uploadImage,
    findCities,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: a save that stayed on the form (the session's stores reload). */
    storeSaved: () => {},
    /** The saved form is the new reference: no unsaved change, no error shown. */
    clearSubmitted: assign({ submitted: false, touched: [] }),
    adoptStore: assign(({ event }) => {
      const store = (event as unknown as { output: Store }).output
      const values = storeToForm(store)
      const hours = store.storeOpeningHours.hours as WeekHours
      const settings = { ...store.settings }
      return { values, hours, settings, initial: { values, hours, settings, franchise: null }, error: null }
    }),
    change: assign(({ context, event }) =>
      event.type === 'store.change'
        ? {
            values: { ...context.values, [event.field]: event.value },
            touched: context.touched.includes(event.field)
              ? context.touched
              : [...context.touched, event.field],
            // The suggestions belong to the coordinates they were found for.
            ...(event.field === 'lat' || event.field === 'lng' ? { nearCities: null } : {}),
          }
        : {},
    ),
    // The country of a new franchise sets the store's currency and the phone numbers' country.
    changeFranchise: assign(({ context, event }) => {
      if (event.type !== 'franchise.change' || !context.franchise) return {}
      const touched = context.touched.includes(event.field)
        ? context.touched
        : [...context.touched, event.field]
      const franchise = { ...context.franchise, [event.field]: event.value }
      if (event.field !== 'codeAlpha3') return { franchise, touched }
      return {
        franchise,
        touched,
        country: phoneCountry(event.value),
        currencyCode: countryCurrency(event.value) ?? context.currencyCode,
      }
    }),
    setCities: assign({ nearCities: ({ event }) => (event as unknown as { output: NearCity[] }).output }),
    pickCity: assign(({ context, event }) =>
      event.type === 'store.pickCity'
        ? {
            values: { ...context.values, city: event.name },
            touched: context.touched.includes('city')
              ? context.touched
              : [...context.touched, 'city' as const],
            nearCities: null,
          }
        : {},
    ),
    editHours: assign({
      hours: ({ context, event }) => {
        const h = context.hours
        if (event.type === 'hours.add') return addRange(h, event.day)
        if (event.type === 'hours.remove') return removeRange(h, event.day, event.index)
        if (event.type === 'hours.set') return setRange(h, event.day, event.index, event.field, event.value)
        if (event.type === 'hours.copy') return copyDay(h, event.from, event.to)
        return h
      },
    }),
    toggleSetting: assign({
      settings: ({ context, event }) =>
        event.type === 'settings.toggle'
          ? { ...context.settings, [event.key]: !context.settings[event.key] }
          : context.settings,
    }),
    setImage: assign(({ context, event }) => {
      const { field, url } = (event as unknown as { output: { field: ImageField; url: string } }).output
      return { values: { ...context.values, [field]: url } }
    }),
    markSubmitted: assign({ submitted: true }),
    setSaved: assign(({ context, event }) => ({
      saved: (event as unknown as { output: Store }).output,
      outcome: context.storeId === null ? ('created' as const) : ('updated' as const),
    })),
    setDeleted: assign({ outcome: 'deleted' as const }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
  },
  guards: {
    isNew: ({ context }) => context.storeId === null,
    isValid: ({ context }) => isFormValid(context),
    hasChanges: ({ context }) => hasChanges(context),
    isExisting: ({ context }) => context.storeId !== null,
    staysOnSave: ({ context }) => context.stayOnSave && context.storeId !== null,
    hasCoordinates: ({ context }) => storeCoordinates(context.values) !== null,
  },
}).createMachine({
  id: 'storeEditor',
  context: ({ input }) => {
    const franchise = input.needsFranchise ? { franchiseName: '', codeAlpha3: NEW_FRANCHISE_COUNTRY } : null
    const values = emptyStoreForm()
    const hours = defaultWeek()
    return {
      storeId: input.storeId,
      country: franchise ? phoneCountry(franchise.codeAlpha3) : input.country,
      currencyCode: (franchise && countryCurrency(franchise.codeAlpha3)) || input.currencyCode,
      stayOnSave: input.stayOnSave === true,
      values,
      hours,
      settings: NO_SETTINGS,
      franchise,
      initial: { values, hours, settings: NO_SETTINGS, franchise },
      submitted: false,
      touched: [],
      error: null,
      saved: null,
      outcome: 'closed',
      nearCities: null,
    }
  },
  initial: 'starting',
  states: {
    // A new store opens on the blank form (default hours 08:00–18:00); an existing one is read first.
    starting: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadStore',
        src: 'loadStore',
        input: ({ context }) => ({ storeId: context.storeId! }),
        onDone: { target: 'editing', actions: 'adoptStore' },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: { id: 'store.errors.load' } } },
      },
    },
    loadFailed: { on: { 'store.retry': 'loading', 'store.close': 'closed' } },
    editing: {
      initial: 'idle',
      on: {
        'store.change': { actions: 'change' },
        'franchise.change': { actions: 'changeFranchise' },
        'hours.add': { actions: 'editHours' },
        'hours.remove': { actions: 'editHours' },
        'hours.set': { actions: 'editHours' },
        'hours.copy': { actions: 'editHours' },
        'settings.toggle': { actions: 'toggleSetting' },
        'store.save': [{ guard: 'isValid', target: 'saving' }, { actions: 'markSubmitted' }],
        'store.delete': { guard: 'isExisting', target: 'confirmingDelete' },
        'store.close': [{ guard: 'hasChanges', target: 'confirmingClose' }, { target: 'closed' }],
        'store.pickCity': { actions: 'pickCity' },
      },
      states: {
        idle: {
          on: {
            'store.upload': 'uploading',
            'store.findCities': { guard: 'hasCoordinates', target: 'findingCities' },
          },
        },
        // GET /services/v2/geocode/near-cities around the typed coordinates: the city field's suggestions.
        findingCities: {
          invoke: {
            id: 'findCities',
            src: 'findCities',
            input: ({ context }) => ({
              ...storeCoordinates(context.values)!,
              distance: NEAR_CITIES_SEARCH_KM,
            }),
            onDone: { target: 'idle', actions: 'setCities' },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'store.errors.nearCities' } },
            },
          },
        },
        // The file goes to storage first; the form keeps the URL the upload answers.
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ event }) => {
              const e = event as Extract<StoreEditorEvent, { type: 'store.upload' }>
              return { field: e.field, file: e.file }
            },
            onDone: { target: 'idle', actions: 'setImage' },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'store.errors.upload' } },
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveStore',
        src: 'saveStore',
        input: ({ context }) => ({
          storeId: context.storeId,
          body: {
            ...toStoreInput(context.values, context.hours, context.country),
            ...(context.franchise
              ? {
                  franchise: {
                    name: context.franchise.franchiseName.trim(),
                    codeAlpha3: context.franchise.codeAlpha3,
                  },
                }
              : {}),
          },
          settings:
            context.storeId === null
              ? same(context.settings, NO_SETTINGS)
                ? null
                : context.settings
              : same(context.settings, context.initial.settings)
                ? null
                : context.settings,
        }),
        onDone: [
          {
            guard: 'staysOnSave',
            target: 'editing',
            actions: [
              'adoptStore',
              'clearSubmitted',
              { type: 'notify', params: { level: 'success', id: 'store.messages.saved' } },
              'storeSaved',
            ],
          },
          {
            target: 'saved',
            actions: [
              'setSaved',
              { type: 'notify', params: { level: 'success', id: 'store.messages.saved' } },
            ],
          },
        ],
        // §8: a store create or update failure is the generic error.
        onError: {
          target: 'editing',
          actions: [
            { type: 'setError', params: { id: 'errors.generic' } },
            { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
          ],
        },
      },
    },
    confirmingDelete: { on: { 'store.confirm': 'deleting', 'store.cancel': 'editing' } },
    deleting: {
      invoke: {
        id: 'deleteStore',
        src: 'deleteStore',
        input: ({ context }) => ({ storeId: context.storeId! }),
        onDone: {
          target: 'deleted',
          actions: [
            'setDeleted',
            { type: 'notify', params: { level: 'success', id: 'store.messages.deleted' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
        },
      },
    },
    // Closing with unsaved changes asks first.
    confirmingClose: { on: { 'store.confirm': 'closed', 'store.cancel': 'editing' } },
    saved: { type: 'final' },
    deleted: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome, store: context.saved }),
})
