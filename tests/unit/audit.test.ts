// The audit log's sentences (issue 24): what staff did, by name, instead of "PATCH /route200".
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import fr from '../../i18n/fr.json'
import { auditSentence } from '../../src/domain/admin'

describe('audit sentences', () => {
  it('names the staff actions with what they set', () => {
    expect(
      auditSentence({
        action: 'PATCH /api/v2/franchises/:id/features',
        details: { feature: 'GAME', isEnabled: true },
      }),
    ).toEqual({ id: 'featureOn', values: {}, feature: 'GAME' })
    expect(
      auditSentence({
        action: 'PATCH /api/v2/franchises/:id/features',
        details: { feature: 'SMS', isEnabled: false },
      }).id,
    ).toBe('featureOff')
    expect(auditSentence({ action: 'PATCH /api/v2/users/:id/deactivate-subscription' }).id).toBe(
      'subscriptionOff',
    )
    expect(auditSentence({ action: 'POST /api/v2/franchises', details: { title: 'Chez Léa' } })).toEqual({
      id: 'franchiseCreated',
      values: { title: 'Chez Léa' },
    })
  })

  it('tells any other write by its verb and what it touched, without ids', () => {
    expect(auditSentence({ action: 'PUT /api/v2/franchises/:id/loyalty-model' })).toEqual({
      id: 'updated',
      values: { subject: 'franchises › loyalty model' },
    })
    expect(auditSentence({ action: 'DELETE /api/stores/:id' }).id).toBe('deleted')
    expect(auditSentence({ action: 'POST /api/v2/news' }).id).toBe('created')
  })

  it('has every sentence in English and French', () => {
    const ids = ['featureOn', 'featureOff', 'subscriptionOn', 'subscriptionOff', 'ownerInvited']
    for (const id of [...ids, 'franchiseCreated', 'senderId', 'created', 'updated', 'deleted']) {
      expect(en).toHaveProperty([`admin.audit.actions.${id}`])
      expect(fr).toHaveProperty([`admin.audit.actions.${id}`])
    }
  })
})
