import { describe, expect, it } from 'vitest'
import {
  cardErrors,
  cardFormErrors,
  cardFormToInput,
  cardToForm,
  emptyCardForm,
  emptyOfferForm,
  firstError,
  offerErrors,
  offerFormToInput,
  offerToForm,
  productNames,
  sortOffers,
  splitIds,
  toggleId,
} from '../../src/domain/loyalty'

const S1 = '00000000-0000-4000-8000-000000000001'
const card = { name: 'Carte', loyaltyType: 'PASSAGE', earnRate: 10, storeIds: [S1] }
const offer = {
  name: 'Café',
  description: 'Un café offert.',
  redeemPointAmount: 50,
  type: 'PERCENTAGE',
  value: 10,
}

describe('card rules (§5)', () => {
  it('needs stores and a type, and names the §8 messages', () => {
    expect(cardErrors(card)).toEqual({})
    expect(cardErrors({ ...card, storeIds: [] })).toEqual({ storeIds: 'loyalty.storeError' })
    expect(cardErrors({ ...card, storeIds: null })).toEqual({ storeIds: 'loyalty.storeError' })
    expect(cardErrors({ ...card, storeIds: ['paris'] })).toEqual({ storeIds: 'loyalty.errors.stores' })
    expect(cardErrors({ ...card, loyaltyType: null })).toEqual({ loyaltyType: 'loyalty.loyaltyTypeError' })
    expect(cardErrors({ ...card, earnRate: 0, maxPoints: 0.5, minTimeBetweenVisits: -1 })).toEqual({
      earnRate: 'loyalty.errors.earnRate',
      maxPoints: 'loyalty.errors.maxPoints',
      minTimeBetweenVisits: 'loyalty.errors.minTime',
    })
    expect(firstError(cardErrors({ ...card, name: ' ', storeIds: [] }))).toEqual({
      field: 'name',
      messageId: 'loyalty.errors.name',
    })
  })

  it('sends maxPoints as a number or omits it; the flag only when set with a cap; minutes → seconds', () => {
    const form = { ...emptyCardForm([S1]), name: 'Carte', loyaltyType: 'PASSAGE', minTimeMinutes: '90' }
    expect(cardFormToInput(form)).toEqual({
      name: 'Carte',
      image: null,
      minTimeBetweenVisits: 5400,
      loyaltyType: 'PASSAGE',
      earnRate: 1,
      storeIds: [S1],
      posProductIds: [],
    })
    expect(cardFormToInput({ ...form, maxPoints: '0', hasMaxPointsEnabled: true })).not.toHaveProperty(
      'maxPoints',
    )
    expect(cardFormToInput({ ...form, maxPoints: '300', hasMaxPointsEnabled: true })).toMatchObject({
      maxPoints: 300,
      hasMaxPointsEnabled: true,
    })
    expect(cardFormErrors({ ...form, hasMaxPointsEnabled: true })).toEqual({
      maxPoints: 'loyalty.errors.maxPoints',
    })
    expect(cardFormErrors({ ...form, maxPoints: 'lots' })).toEqual({ maxPoints: 'loyalty.errors.maxPoints' })
    expect(cardFormErrors({ ...form, loyaltyType: 'POS_PRODUCTS' })).toEqual({
      posProductIds: 'loyalty.errors.products',
    })
    expect(
      cardFormToInput({ ...form, loyaltyType: 'POS_PRODUCTS', posProductIds: 'a, b,a' }).posProductIds,
    ).toEqual(['a', 'b'])
  })

  it('round-trips a saved card through the form', () => {
    const saved = {
      id: 'c',
      franchiseId: 'f',
      name: 'Carte',
      image: '/files/loyalty/a.png',
      loyaltyType: 'POS_PRODUCTS',
      earnRate: 2,
      maxPoints: 400,
      hasMaxPointsEnabled: true,
      minTimeBetweenVisits: 3600,
      storeIds: [S1],
      posProductIds: ['cafe'],
    }
    expect(cardFormToInput(cardToForm(saved))).toEqual({
      name: 'Carte',
      image: '/files/loyalty/a.png',
      maxPoints: 400,
      hasMaxPointsEnabled: true,
      minTimeBetweenVisits: 3600,
      loyaltyType: 'POS_PRODUCTS',
      earnRate: 2,
      storeIds: [S1],
      posProductIds: ['cafe'],
    })
  })
})

describe('offer rules (§5)', () => {
  it.each([
    [{ type: undefined }, { type: 'loyalty.typeError' }],
    [{ type: 'GIFT' }, { type: 'loyalty.typeError' }],
    [{ redeemPointAmount: 0 }, { redeemPointAmount: 'loyalty.valueError' }],
    [{ value: -5 }, { value: 'loyalty.valueError' }],
    [{ value: 2.5 }, { value: 'loyalty.valueError' }],
    [{ value: 101 }, { value: 'loyalty.percentageError' }],
    [{ value: 100 }, {}],
    [{ type: 'FLAT', value: null }, { value: 'loyalty.valueError' }],
    [{ description: 'x'.repeat(9) }, { description: 'loyalty.errors.description' }],
    [{ description: 'x'.repeat(80) }, {}],
    [{ description: 'x'.repeat(81) }, { description: 'loyalty.errors.description' }],
    [
      { type: 'PRODUCT', value: null },
      { posProductIds: 'loyalty.errors.products', productPriority: 'loyalty.errors.priority' },
    ],
    [{ type: 'PRODUCT', value: null, posProductIds: ['cafe'], productPriority: 'HIGH_PRICE' }, {}],
  ])('%j → %j', (over, errors) => {
    expect(offerErrors({ ...offer, ...over })).toEqual(errors)
  })

  it('takes FLAT values in currency units or decimals and sends cents', () => {
    const form = {
      ...emptyOfferForm(),
      name: 'Off',
      description: 'Money off next time.',
      redeemPointAmount: '20',
    }
    expect(offerFormToInput({ ...form, type: 'FLAT', value: '3,5' }).value).toBe(350)
    expect(offerFormToInput({ ...form, type: 'FLAT', value: '4' }).value).toBe(400)
    expect(offerFormToInput({ ...form, type: 'FLAT', value: '4.999' }).value).toBeNaN()
    expect(offerFormToInput({ ...form, type: 'PERCENTAGE', value: '15' }).value).toBe(15)
    expect(offerFormToInput({ ...form, type: 'PRODUCT', value: '15', posProductIds: 'cafe' })).toMatchObject({
      value: null,
      posProductIds: ['cafe'],
      productPriority: 'LOW_PRICE',
    })
    const o = offerFormToInput({ ...form, type: 'FLAT', value: '12.50', expirationDate: '2030-01-31' })
    const back = offerToForm({
      ...o,
      id: 'o',
      loyaltyModelId: 'c',
      image: null,
      type: 'FLAT',
      value: 1250,
      currencyCode: 'EUR',
      posProductIds: [],
      productPriority: null,
      expirationDate: '2030-01-31T00:00:00.000Z',
      status: 'ACTIVE',
      statusUpdated: '',
      lastRedeemDate: null,
      dateCreated: '',
    })
    expect(back).toMatchObject({ value: '12.50', expirationDate: '2030-01-31', redeemPointAmount: '20' })
  })

  it('sorts by redeem points ascending; product ids are a list typed or ticked', () => {
    expect(
      sortOffers([
        { redeemPointAmount: 9, name: 'b' },
        { redeemPointAmount: 2, name: 'a' },
      ]).map((o) => o.name),
    ).toEqual(['a', 'b'])
    expect(splitIds(' a, b\nc,, a ')).toEqual(['a', 'b', 'c'])
    expect(toggleId('a, b', 'b')).toBe('a')
    expect(toggleId('a', 'c')).toBe('a, c')
  })
})

describe('free-product offers', () => {
  it('names their products as the points of sale do, an unknown id left as it is', () => {
    const products = [
      { id: 'CAFE', name: 'Café' },
      { id: 'CROISS', name: 'Croissant' },
    ]
    expect(productNames(['CAFE', 'CROISS'], products)).toEqual(['Café', 'Croissant'])
    expect(productNames(['CAFE', 'gone'], products)).toEqual(['Café', 'gone'])
    expect(productNames([], products)).toEqual([])
  })
})
