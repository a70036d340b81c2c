// The content step's news item of a NEWS campaign (§3 newsId, news, isNewsDifferentFromCampaign): one
// created from the campaign when saved (its period, and its own title and message when written apart),
// or an existing item of the franchise picked from a list. A NEWS campaign always has one.
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import type { NewsField, NewsMode } from '../../domain/campaign-news-draft'
import { Input, Radios, Section, styles, useErrorText } from '../../ui/campaign-parts'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'

type Props = { view: CampaignEditorView; send: (e: CampaignEditorEvent) => void }

export function NewsLinkSection({ view, send }: Props) {
  const t = useT()
  const say = useErrorText()
  const { date: day } = useClock()
  const n = view.draft.news
  const e = view.errors.content
  const set = (field: NewsField) => (value: string) => send({ type: 'editor.news', field, value })
  return (
    <Section title={t('communication.news.section')}>
      <Radios<NewsMode>
        legend={t('communication.news.mode')}
        name="newsMode"
        value={n.mode}
        options={[
          { value: 'create', label: t('communication.news.create') },
          { value: 'link', label: t('communication.news.link') },
        ]}
        onChange={set('mode')}
      />
      {n.mode === 'link' &&
        (view.newsChoices.length ? (
          <NativeSelect
            label={t('communication.news.pick')}
            value={n.newsId}
            error={say(e.newsId)}
            options={[
              { value: '', label: t('communication.news.choose') },
              ...view.newsChoices.map((c) => ({
                value: c.id,
                label: `${c.name} (${day(c.startDate)} – ${day(c.endDate)})`,
              })),
            ]}
            onChange={set('newsId')}
          />
        ) : (
          <p role="alert" className={styles.error}>
            {t('communication.news.noneToLink')}
          </p>
        ))}
      {n.mode === 'create' && (
        <div className={styles.grid}>
          <Input
            label={t('communication.news.startDate')}
            type="date"
            name="newsStartDate"
            value={n.startDate}
            error={e.newsStartDate}
            onChange={set('startDate')}
          />
          <Input
            label={t('communication.news.endDate')}
            type="date"
            name="newsEndDate"
            value={n.endDate}
            error={e.newsEndDate}
            onChange={set('endDate')}
          />
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={n.ownText}
              onChange={(ev) => set('ownText')(String(ev.currentTarget.checked))}
            />
            {t('communication.news.ownText')}
          </label>
          {n.ownText && (
            <>
              <Input
                label={t('communication.news.title')}
                name="newsTitle"
                value={n.title}
                error={e.newsTitle}
                onChange={set('title')}
              />
              <Input
                label={t('communication.news.message')}
                name="newsMessage"
                value={n.message}
                onChange={set('message')}
              />
            </>
          )}
          {!n.ownText && <p className={styles.hint}>{t('communication.news.fromCampaign')}</p>}
        </div>
      )}
    </Section>
  )
}
