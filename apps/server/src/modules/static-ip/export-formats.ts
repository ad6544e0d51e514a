// Proxy lines in the formats clients import (DESIGN §5): socks5 URIs, v2rayN "ver 2" vmess
// links, and a Clash/Mihomo `proxies:` file.
import { stringify } from 'yaml'

export type ExportLine = {
  name: string
  ip: string
  port: number
  protocol: 'socks5' | 'vmess'
  username: string
  password: string
  uuid: string
}
export type Socks5Template = 'uri' | 'ip:port:user:pass' | 'user:pass@ip:port'

const hostOf = (ip: string) => (ip.includes(':') ? `[${ip}]` : ip)

export function socks5Line(line: ExportLine, template: Socks5Template = 'uri'): string {
  const user = encodeURIComponent(line.username)
  const pass = encodeURIComponent(line.password)
  if (template === 'ip:port:user:pass') return `${line.ip}:${line.port}:${line.username}:${line.password}`
  if (template === 'user:pass@ip:port') return `${user}:${pass}@${hostOf(line.ip)}:${line.port}`
  return `socks5://${user}:${pass}@${hostOf(line.ip)}:${line.port}#${encodeURIComponent(line.name)}`
}

export function vmessLine(line: ExportLine): string {
  const config = {
    v: '2',
    ps: line.name,
    add: line.ip,
    port: String(line.port),
    id: line.uuid,
    aid: '0',
    scy: 'auto',
    net: 'tcp',
    type: 'none',
    host: '',
    path: '',
    tls: '',
    sni: '',
  }
  return `vmess://${Buffer.from(JSON.stringify(config), 'utf8').toString('base64')}`
}

/** The gateway serves HTTP CONNECT on a socks5 line's own port with the same credentials (README). */
export function httpLine(line: ExportLine): string {
  return `http://${encodeURIComponent(line.username)}:${encodeURIComponent(line.password)}@${hostOf(line.ip)}:${line.port}`
}

function clashProxy(line: ExportLine, name: string) {
  return line.protocol === 'vmess'
    ? {
        name,
        type: 'vmess',
        server: line.ip,
        port: line.port,
        uuid: line.uuid,
        alterId: 0,
        cipher: 'auto',
        // v2ray hands vmess UDP to the gateway's own UDP ASSOCIATE (apps/gateway/src/inbound/vmess/v2ray.test.ts).
        udp: true,
      }
    : {
        name,
        type: 'socks5',
        server: line.ip,
        port: line.port,
        username: line.username,
        password: line.password,
        // The gateway serves UDP ASSOCIATE on socks5 lines (apps/gateway/src/udp.test.ts).
        udp: true,
      }
}

/**
 * A Clash/Mihomo `proxies:` file written a page at a time: `entries` answers the YAML of more
 * proxies, `end` what closes the file. Clash refuses duplicate proxy names, and customers may give
 * two lines the same name: a repeated name gets ` (2)`, ` (3)`…
 */
export function clashWriter() {
  const seen = new Map<string, number>()
  let written = 0
  const uniqueName = (name: string) => {
    const count = (seen.get(name) ?? 0) + 1
    seen.set(name, count)
    return count === 1 ? name : `${name} (${count})`
  }
  return {
    entries(lines: ExportLine[]): string {
      if (lines.length === 0) return ''
      const yaml = stringify(lines.map((line) => clashProxy(line, uniqueName(line.name))))
      const head = written === 0 ? 'proxies:\n' : ''
      written += lines.length
      return head + yaml.replace(/^(?=.)/gm, '  ')
    },
    end: (): string => (written === 0 ? 'proxies: []\n' : ''),
  }
}
