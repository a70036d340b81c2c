// The editor's second step (§3 Coupon, §5 Campaign and Coupon): the content (news or a coupon), the
// coupon's value and texts, the title (push), the message with its counter, the link and the image.
import { useId } from 'react'
import { css } from 'styled-system/css'
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import type { CouponForm, CouponKind } from '../../domain/campaign-draft'
import { Input, Radios, Section, styles, useErrorText } from '../../ui/campaign-parts'
import { ImageUpload } from '../../ui/ImageUpload'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { SmsCounter } from '../../ui/SmsCounter'
import { NewsLinkSection } from './NewsLinkSection'

type Props = { view: CampaignEditorView; send: (e: CampaignEditorEvent) => void }

export function ContentStep({ view, send }: Props) {
  const t = useT()
  const say = useErrorText()
  const d = view.draft
  const e = view.errors.content
  const ids = { message: useId(), hint: useId(), error: useId() }
  const coupon = (field: keyof CouponForm) => (value: string) => send({ type: 'editor.coupon', field, value })
  const text = (field: 'title' | 'message' | 'link') => (value: string) =>
    send({ type: 'editor.text', field, value })
  const isSms = d.channel === 'SMS'
  return (
    <div className={styles.fieldset}>
      <Section title={t('communication.content.kind')}>
        <Radios<CouponKind>
          legend={t('communication.content.kind')}
          name="content"
          value={d.content}
          options={[
            { value: 'NEWS', label: t('communication.content.news') },
            { value: 'COUPON_AMOUNT', label: t('communication.content.amount') },
            { value: 'COUPON_PERCENT', label: t('communication.content.percent') },
            { value: 'COUPON_PRODUCT', label: t('communication.content.product') },
          ]}
          onChange={(content) => send({ type: 'editor.content', content })}
        />
        {d.content !== 'NEWS' && (
          <div className={styles.grid}>
            {d.content !== 'COUPON_PRODUCT' && (
              <Input
                label={t(
                  d.content === 'COUPON_PERCENT'
                    ? 'communication.coupon.percent'
                    : 'communication.coupon.amount',
                  {
                    currency: view.currencyCode,
                  },
                )}
                value={d.coupon.value}
                error={e.couponValue}
                name="couponValue"
                inputMode="decimal"
                onChange={coupon('value')}
              />
            )}
            <Input
              label={t('communication.coupon.header')}
              value={d.coupon.header}
              error={e.couponHeader}
              name="couponHeader"
              onChange={coupon('header')}
            />
            <Input
              label={t('communication.coupon.product')}
              value={d.coupon.productDescription}
              error={e.couponProduct}
              name="couponProduct"
              onChange={coupon('productDescription')}
            />
            <Input
              label={t('communication.coupon.terms')}
              value={d.coupon.termsOfUse}
              name="couponTerms"
              onChange={coupon('termsOfUse')}
            />
            <Input
              label={t('communication.coupon.validity')}
              value={d.coupon.validityValue}
              error={e.couponValidity}
              name="couponValidity"
              inputMode="numeric"
              onChange={coupon('validityValue')}
            />
            <NativeSelect
              label={t('communication.coupon.validityUnit')}
              value={d.coupon.validityUnit}
              options={(['days', 'weeks', 'months'] as const).map((u) => ({
                value: u,
                label: t(`communication.units.${u}`),
              }))}
              onChange={coupon('validityUnit')}
            />
          </div>
        )}
      </Section>
      {d.content === 'NEWS' && <NewsLinkSection view={view} send={send} />}
      <Section title={t('communication.content.message')}>
        {!isSms && (
          <Input
            label={t('communication.fields.title')}
            value={d.title}
            error={e.title}
            name="title"
            helperText={t('communication.push.count', { count: d.title.length, max: view.pushLimits.title })}
            onChange={text('title')}
          />
        )}
        <label className={styles.label} htmlFor={ids.message}>
          {t('communication.fields.message')}
          <textarea
            id={ids.message}
            name="message"
            className={styles.textarea}
            value={d.message}
            rows={4}
            aria-invalid={!!e.message}
            aria-describedby={e.message ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(ev) => text('message')(ev.currentTarget.value)}
          />
        </label>
        <div id={ids.hint}>
          {isSms ? (
            <SmsCounter view={view} />
          ) : (
            <span className={styles.hint}>
              {t('communication.push.count', { count: d.message.length, max: view.pushLimits.message })}
            </span>
          )}
        </div>
        {e.message && (
          <span id={ids.error} role="alert" className={styles.error}>
            {say(e.message)}
          </span>
        )}
        <Input
          label={t('communication.fields.link')}
          value={d.link}
          error={e.link}
          name="link"
          inputMode="url"
          helperText={isSms ? t('communication.sms.linkCounted') : undefined}
          onChange={text('link')}
        />
        {!isSms && (
          <div className={local.image}>
            <ImageUpload
              label={t('communication.fields.image')}
              value={view.imagePreview}
              shape="wide"
              onSelect={(file) => send({ type: 'editor.image', file, preview: URL.createObjectURL(file) })}
              onRemove={() => send({ type: 'editor.imageRemove' })}
            />
          </div>
        )}
      </Section>
    </div>
  )
}

const local = { image: css({ maxW: 'md' }) }
