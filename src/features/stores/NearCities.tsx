// The city field's suggestions: the cities near the typed coordinates (GET …/geocode/near-cities),
// nearest first; choosing one fills the city. Renders the store editor's view and sends its events.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { StoreEditorEvent } from '../../../machines/store-editor/store-editor.machine'
import type { StoreEditorView } from '../../../machines/store-editor/store-editor.view'
import { NEAR_CITIES_SEARCH_KM } from '../../domain/stores'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'

const SHOWN = 8

export function NearCities({ view, send }: { view: StoreEditorView; send: (e: StoreEditorEvent) => void }) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const cities = view.nearCities
  return (
    <div className={styles.box}>
      <Button
        type="button"
        variant="outline"
        tone="neutral"
        disabled={!view.canFindCities}
        loading={view.isFindingCities}
        onClick={() => send({ type: 'store.findCities' })}
      >
        {t('store.nearCities.find')}
      </Button>
      {cities === null ? null : cities.length === 0 ? (
        <p className={styles.empty}>{t('store.nearCities.none', { km: NEAR_CITIES_SEARCH_KM })}</p>
      ) : (
        <ul aria-label={t('store.nearCities.label')} className={styles.list}>
          {cities.slice(0, SHOWN).map((c) => (
            <li key={`${c.name}-${c.lat}-${c.lng}`}>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                tone="neutral"
                onClick={() => send({ type: 'store.pickCity', name: c.name })}
              >
                {t('store.nearCities.city', {
                  name: c.name,
                  distance: intl.formatNumber(c.distance, { maximumFractionDigits: 1 }),
                })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const styles = {
  box: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' }),
  list: css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '0', m: '0' }),
  empty: css({ color: 'fg.muted', textStyle: 'sm' }),
}
