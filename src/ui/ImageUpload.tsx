// An image field (store logo and picture, franchise logo, profile photo, loyalty card and offer
// images): a preview, choose/replace and remove buttons, a hint, and the error. It only renders and
// reports: the screen's machine uploads the chosen file (src/api/files.ts uploadFile) and passes the
// resulting URL back as `value`, `uploading` while it runs and the error it got.
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { field } from 'styled-system/recipes'
import { checkImageFile, IMAGE_ACCEPT, type UploadErrorMessage } from '../domain/files'
import { Button } from './Button'
import type { MessageId } from './i18n/messages'
import { ErrorCircleIcon } from './icons'
import { Spinner } from './Spinner'

export interface ImageUploadProps {
  label: ReactNode
  /** The current image URL; null when there is none. */
  value: string | null
  /** A file that passed the type and size checks was chosen (or dropped). */
  onSelect: (file: File) => void
  onRemove: () => void
  uploading?: boolean
  /** The upload's error, already in words (e.g. `t(uploadErrorMessage(err))`). */
  error?: ReactNode
  /** Told when a chosen file is refused here (wrong type, too big), with the message id shown. */
  onReject?: (message: UploadErrorMessage) => void
  /** Below the buttons; by default the accepted types and size; null shows nothing. */
  helperText?: ReactNode
  disabled?: boolean
  /** Text alternative of the preview; by default "Current image". */
  alt?: string
  /** Preview shape: a square logo or a wide picture. */
  shape?: 'square' | 'wide'
}

export function ImageUpload({
  label,
  value,
  onSelect,
  onRemove,
  uploading = false,
  error,
  onReject,
  helperText,
  disabled = false,
  alt,
  shape = 'square',
}: ImageUploadProps) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  const ids = { label: useId(), choose: useId(), remove: useId(), help: useId(), error: useId() }
  const input = useRef<HTMLInputElement>(null)
  // The widget's own check of the chosen file (like an input's validity), not a flow: kept here.
  const [refused, setRefused] = useState<UploadErrorMessage | null>(null)
  const [dragging, setDragging] = useState(false)
  const slots = field()
  const busy = uploading || disabled
  const shownError = refused ? t(refused) : error

  const take = (file: File | undefined) => {
    if (!file || busy) return
    const problem = checkImageFile(file)
    setRefused(problem)
    if (problem) onReject?.(problem)
    else onSelect(file)
  }
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0])
    // Cleared so that choosing the same file again (after an error) is seen as a change.
    event.target.value = ''
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    take(event.dataTransfer.files[0])
  }
  const describedBy = [helperText !== null ? ids.help : null, shownError ? ids.error : null]
    .filter(Boolean)
    .join(' ')

  return (
    // The whole field takes a dropped file; the buttons are the keyboard way to do the same.
    <fieldset
      aria-describedby={describedBy || undefined}
      aria-busy={uploading || undefined}
      className={cx(slots.root, styles.fieldset)}
      data-disabled={disabled ? '' : undefined}
      onDragOver={(event) => {
        event.preventDefault()
        if (!busy) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend id={ids.label} className={cx(slots.label, styles.legend)}>
        {label}
      </legend>
      <div className={styles.body}>
        <div
          className={cx(styles.preview, shape === 'wide' && styles.wide)}
          data-dragging={dragging ? '' : undefined}
          data-invalid={shownError ? '' : undefined}
        >
          {value ? (
            <img src={value} alt={alt ?? t('ui.imageUpload.preview')} className={styles.image} />
          ) : (
            <span className={styles.empty}>{t('ui.imageUpload.empty')}</span>
          )}
          {uploading && (
            <span className={styles.overlay}>
              <Spinner />
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className={styles.srOnly}
            tabIndex={-1}
            aria-labelledby={ids.label}
            disabled={busy}
            onChange={onChange}
          />
          <Button
            id={ids.choose}
            size="sm"
            variant="outline"
            tone="neutral"
            loading={uploading}
            disabled={disabled}
            // "Choose an image Logo": the action and which field it is for.
            aria-labelledby={`${ids.choose} ${ids.label}`}
            onClick={() => input.current?.click()}
          >
            {t(value ? 'ui.imageUpload.replace' : 'ui.imageUpload.choose')}
          </Button>
          {value && (
            <Button
              id={ids.remove}
              size="sm"
              variant="ghost"
              tone="danger"
              disabled={busy}
              aria-labelledby={`${ids.remove} ${ids.label}`}
              onClick={() => {
                setRefused(null)
                onRemove()
              }}
            >
              {t('ui.imageUpload.remove')}
            </Button>
          )}
          <span role="status" className={uploading ? styles.status : styles.srOnly}>
            {uploading ? t('ui.imageUpload.uploading') : ''}
          </span>
        </div>
      </div>
      {helperText !== null && (
        <span id={ids.help} className={slots.helperText}>
          {helperText ?? t('ui.imageUpload.hint')}
        </span>
      )}
      {shownError && (
        <span id={ids.error} role="alert" className={slots.errorText}>
          <ErrorCircleIcon aria-hidden="true" className={styles.errorIcon} />
          {shownError}
        </span>
      )}
    </fieldset>
  )
}

const styles = {
  fieldset: css({ border: 'none', m: '0', p: '0', minW: '0' }),
  legend: css({ p: '0', mb: '1.5', float: 'none' }),
  body: css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' }),
  preview: css({
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24',
    height: '24',
    flexShrink: '0',
    overflow: 'hidden',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'border.emphasized',
    bg: 'bg.subtle',
    '&[data-dragging]': { borderColor: 'accent.border', bg: 'accent.subtle' },
    '&[data-invalid]': { borderColor: 'danger.border' },
  }),
  wide: css({ width: '48' }),
  image: css({ width: 'full', height: 'full', objectFit: 'cover' }),
  empty: css({ color: 'fg.muted', textStyle: 'xs', textAlign: 'center', px: '2' }),
  overlay: css({
    position: 'absolute',
    inset: '0',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'bg.overlay',
    color: 'white',
  }),
  actions: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  status: css({ color: 'fg.muted', textStyle: 'xs' }),
  errorIcon: css({ width: '3.5', height: '3.5', flexShrink: '0' }),
  srOnly: css({ srOnly: true }),
}
