// Where an outgoing webhook may go (issue 23): not to this server's own network. A merchant types the
// URL, so without this check it could make the server call its private neighbours (a database's HTTP
// port, a cloud metadata service at 169.254.169.254) and read the answers' statuses in the delivery
// log. Loopback is allowed only when WEBHOOKS_ALLOW_HTTP_LOOPBACK is set (development, tests).
import { BlockList, isIP } from 'node:net'

const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (m) return { address: m[1]!, family: 'ipv4' }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' }
}

/** Whether a webhook may be sent to this IP address. */
export function isAllowedAddress(ip: string, allowLoopback: boolean): boolean {
  const { address, family } = unmapped(ip)
  if (LOOPBACK.check(address, family)) return allowLoopback
  return !PRIVATE.check(address, family)
}

/** The URL's host when it is an IP literal (brackets of IPv6 removed), else null (a name to resolve). */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1')
  return isIP(bare) ? bare : null
}

/** Whether an endpoint URL's host may be saved: an IP literal must be allowed; `localhost` is loopback. */
export function isAllowedHost(hostname: string, allowLoopback: boolean): boolean {
  const ip = ipLiteralOf(hostname)
  if (ip) return isAllowedAddress(ip, allowLoopback)
  if (/^localhost\.?$/i.test(hostname) || /\.localhost\.?$/i.test(hostname)) return allowLoopback
  return true
}
