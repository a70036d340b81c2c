import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadErrorMessage, uploadFile } from '../../src/api/files'
import { writeKey } from '../../src/api/storage'
import { MAX_UPLOAD_BYTES } from '../../src/domain/files'
import { ImageUpload, type ImageUploadProps } from '../../src/ui/ImageUpload'
import { renderUi } from './render'

const png = (size = 68, name = 'logo.png') => new File([new Uint8Array(size)], name, { type: 'image/png' })

function setup(props: Partial<ImageUploadProps> = {}, locale: 'en' | 'fr' = 'en') {
  const onSelect = vi.fn()
  const onRemove = vi.fn()
  const onReject = vi.fn()
  const all: ImageUploadProps = { label: 'Logo', value: null, onSelect, onRemove, onReject, ...props }
  const view = renderUi(<ImageUpload {...all} />, { locale })
  const fileInput = () => view.container.querySelector('input[type="file"]') as HTMLInputElement
  return {
    ...view,
    onSelect,
    onRemove,
    onReject,
    fileInput,
    rerenderWith: (p: Partial<ImageUploadProps>) => view.rerender(<ImageUpload {...all} {...p} />),
  }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  writeKey('token', null)
})

describe('ImageUpload', () => {
  it('names the group and its buttons after the field, and shows the accepted types', () => {
    setup()
    expect(screen.getByRole('group', { name: 'Logo' })).toHaveAccessibleDescription(
      /PNG, JPEG, WebP or GIF, 5 MB at most/,
    )
    expect(screen.getByRole('button', { name: 'Choose an image Logo' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: /Remove image/ })).not.toBeInTheDocument()
    expect(screen.getByText('No image')).toBeInTheDocument()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('hands a chosen image to onSelect and accepts only image types in the picker', async () => {
    const { user, onSelect, fileInput } = setup()
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif')
    const file = png()
    await user.upload(fileInput(), file)
    expect(onSelect).toHaveBeenCalledWith(file)
    // Cleared, so the same file can be chosen again after a failed upload.
    expect(fileInput().value).toBe('')
  })

  it('opens the file picker from the keyboard', async () => {
    const { user, fileInput } = setup()
    const click = vi.spyOn(fileInput(), 'click')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Choose an image Logo' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(click).toHaveBeenCalledTimes(1)
  })

  it('refuses a file of another type or over 5 MB, says why, and does not send it', async () => {
    const { onSelect, onReject, fileInput } = setup()
    // user.upload would filter by `accept`; a drop or an "all files" picker would not.
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })
    fireEvent.change(fileInput(), { target: { files: [pdf] } })
    expect(screen.getByRole('alert')).toHaveTextContent('This file is not a PNG, JPEG, WebP or GIF image.')
    expect(screen.getByRole('group', { name: 'Logo' })).toHaveAccessibleDescription(/not a PNG/)
    expect(onReject).toHaveBeenLastCalledWith('ui.imageUpload.errors.type')

    fireEvent.change(fileInput(), { target: { files: [png(MAX_UPLOAD_BYTES + 1, 'huge.png')] } })
    expect(screen.getByRole('alert')).toHaveTextContent('This image is larger than 5 MB.')
    expect(onSelect).not.toHaveBeenCalled()

    // A good file clears the message.
    fireEvent.change(fileInput(), { target: { files: [png()] } })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onSelect).toHaveBeenCalledTimes(1)
  })

  it('takes a dropped file', () => {
    const { onSelect } = setup()
    const file = png()
    fireEvent.drop(screen.getByText('No image'), { dataTransfer: { files: [file] } })
    expect(onSelect).toHaveBeenCalledWith(file)
  })

  it('shows the current image with replace and remove', async () => {
    const { user, onRemove } = setup({ value: '/files/store/abc.png', alt: 'Logo of Paris store' })
    expect(screen.getByRole('img', { name: 'Logo of Paris store' })).toHaveAttribute(
      'src',
      '/files/store/abc.png',
    )
    expect(screen.getByRole('button', { name: 'Replace image Logo' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove image Logo' }))
    expect(onRemove).toHaveBeenCalledTimes(1)
  })

  it('announces the upload and blocks the buttons while it runs', async () => {
    const { user, onSelect, fileInput } = setup({ value: '/files/store/abc.png', uploading: true })
    expect(screen.getByRole('status')).toHaveTextContent('Uploading the image…')
    expect(screen.getByRole('group', { name: 'Logo' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: /Replace image/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Remove image/ })).toBeDisabled()
    await user.upload(fileInput(), png())
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('shows the error the upload ended with', () => {
    const { rerenderWith } = setup()
    rerenderWith({ error: 'The image could not be uploaded. Please try again.' })
    expect(screen.getByRole('alert')).toHaveTextContent('The image could not be uploaded. Please try again.')
    expect(screen.getByRole('group', { name: 'Logo' })).toHaveAccessibleDescription(/could not be uploaded/)
  })

  it('speaks French', () => {
    setup({ label: 'Logo', value: '/files/store/abc.png' }, 'fr')
    expect(screen.getByRole('button', { name: "Remplacer l'image Logo" })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Image actuelle' })).toBeInTheDocument()
  })
})

describe('uploadFile', () => {
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it('posts the file as multipart field fileb with the token in the header alone, and answers the URL', async () => {
    writeKey('token', 'tok123')
    const fetch = vi.fn(async () => reply(200, { url: '/files/store/0123.png' }))
    vi.stubGlobal('fetch', fetch)
    const file = png()
    await expect(uploadFile('store', file)).resolves.toEqual({ url: '/files/store/0123.png' })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit & { headers: Headers }]
    // Never in the address, where a proxy's access log would keep it (issue 34).
    expect(url).toBe('/aws/file/store')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok123')
    expect((init.body as FormData).get('fileb')).toBeInstanceOf(File)
    expect(((init.body as FormData).get('fileb') as File).name).toBe('logo.png')
  })

  it("rejects with the server's code, which maps to the message to show", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(413, { statusCode: 413, code: 'FILE_TOO_LARGE', message: 'too big' })),
    )
    const err = await uploadFile('loyalty', png()).catch((e) => e)
    expect(err).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' })
    expect(uploadErrorMessage(err)).toBe('ui.imageUpload.errors.tooLarge')
    expect(uploadErrorMessage(new Error('offline'))).toBe('ui.imageUpload.errors.failed')
  })
})
