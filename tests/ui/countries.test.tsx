// One country list (issue 34): the first-store form offered 11 countries and the franchise page 37, and
// a store's currency could be chosen against its country. Both pickers now offer the same countries,
// named in the reader's language, and the store form shows the country's currency without a choice.
import { within } from '@testing-library/react'
import { useMachine } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { franchiseSettingsMachine } from '../../machines/franchise-settings/franchise-settings.machine'
import { toFranchiseSettingsView } from '../../machines/franchise-settings/franchise-settings.view'
import { storeEditorMachine, toStoreEditorView } from '../../machines/store-editor'
import type { FranchiseDetail } from '../../src/domain/franchise-settings'
import type { Locale } from '../../src/domain/locale'
import { InfoSection } from '../../src/features/franchise/FranchiseSections'
import { StoreEditorForm } from '../../src/features/stores/StoreEditorForm'
import { FRANCHISE } from '../support/franchise-fixtures'
import { renderUi } from './render'

/** The first-store form of a merchant without a franchise, on the real store editor machine. */
function FirstStoreForm() {
  const [snapshot, send] = useMachine(storeEditorMachine, {
    input: { storeId: null, currencyCode: 'EUR', country: 'FR', needsFranchise: true },
  })
  return <StoreEditorForm view={toStoreEditorView(snapshot)} send={send} categories={[]} id="store-form" />
}

/** The franchise page's information section, loaded on the real franchise settings machine. */
function FranchiseInfo({ franchise = FRANCHISE }: { franchise?: FranchiseDetail }) {
  const [snapshot, send] = useMachine(
    franchiseSettingsMachine.provide({
      actors: { loadFranchise: fromPromise(async () => franchise) } as never,
    }),
    { input: { franchiseId: FRANCHISE.id } },
  )
  const view = toFranchiseSettingsView(snapshot)
  return view.isReady ? <InfoSection view={view} send={send} /> : null
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent])

const TEXT = {
  en: {
    country: 'Country',
    currency: /^Currency/,
    first: 'Belgium',
    swiss: 'Switzerland',
    franc: 'Swiss Franc (CHF)',
    euro: 'Euro (EUR)',
    hint: 'Set by your business’s country (Switzerland).',
    uk: 'United Kingdom',
    askServed: 'Choose a known country.',
  },
  fr: {
    country: 'Pays',
    currency: /^Devise/,
    first: 'Allemagne',
    swiss: 'Suisse',
    franc: 'franc suisse (CHF)',
    euro: 'euro (EUR)',
    hint: 'Fixée par le pays de votre entreprise (Suisse).',
    uk: 'Royaume-Uni',
    askServed: 'Choisissez un pays connu.',
  },
} as const

describe.each(['en', 'fr'] as Locale[])('countries and currency in %s', (locale) => {
  const text = TEXT[locale as 'en' | 'fr']

  it('the first-store form and the franchise page offer the same countries', async () => {
    const store = renderUi(<FirstStoreForm />, { locale })
    const storeOptions = optionsOf(store.getByRole('combobox', { name: text.country }))
    store.unmount()
    const franchise = renderUi(<FranchiseInfo />, { locale })
    const franchiseOptions = optionsOf(await franchise.findByRole('combobox', { name: text.country }))
    expect(storeOptions).toHaveLength(11)
    expect(franchiseOptions).toEqual(storeOptions)
    expect(storeOptions[0]![1]).toBe(text.first)
    expect(storeOptions.map(([code]) => code)).not.toContain('GBR')
  })

  it('the store’s currency follows the country, shown and never chosen', async () => {
    const { getByRole, queryByRole, getByText, user } = renderUi(<FirstStoreForm />, { locale })
    const currency = getByRole('textbox', { name: text.currency })
    expect(currency).toHaveAttribute('readonly')
    expect(currency).toHaveValue(text.euro)
    // No currency picker any more: only the country select is a combobox.
    expect(queryByRole('combobox', { name: text.currency })).toBeNull()
    await user.selectOptions(getByRole('combobox', { name: text.country }), 'CHE')
    expect(currency).toHaveValue(text.franc)
    expect(getByText(text.hint)).toBeInTheDocument()
    expect(getByRole('option', { name: text.swiss })).toHaveProperty('selected', true)
  })

  it('a franchise saved in a country no longer served shows it, and asks for a served one', async () => {
    const gb = { ...FRANCHISE, codeAlpha3: 'GBR', currencyCode: 'GBP', timezone: 'Europe/London' }
    const { findByRole, getByText } = renderUi(<FranchiseInfo franchise={gb} />, { locale })
    const select = await findByRole('combobox', { name: text.country })
    expect(select).toHaveValue('GBR')
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent(text.uk)
    expect(getByText(text.askServed)).toBeInTheDocument()
  })
})
