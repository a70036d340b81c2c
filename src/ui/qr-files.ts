// The QR code of the public link as files the merchant downloads (PNG for print shops, SVG for
// designers), made by the `qrcode` library in the browser.
import { toString as qrToString, toDataURL } from 'qrcode'

function download(href: string, name: string) {
  const a = document.createElement('a')
  a.href = href
  a.download = name
  a.click()
}

export async function downloadPng(text: string, name: string) {
  download(await toDataURL(text, { errorCorrectionLevel: 'M', width: 1024, margin: 4 }), `${name}.png`)
}

export async function downloadSvg(text: string, name: string) {
  const svg = await qrToString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  download(url, `${name}.svg`)
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
