// For the vmess tests (not a test file itself): a v2ray process as the customer's client, built
// from an exported `vmess://` link (v2rayN "ver 2" JSON), with a SOCKS5 inbound on 127.0.0.1.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../../free-port.ts'
import { startV2ray } from './v2ray-process.ts'

export type VmessLink = { add: string; port: string; id: string; aid: string; scy: string; net: string }

export function decodeVmessLink(line: string): VmessLink {
  const match = /^vmess:\/\/([A-Za-z0-9+/=]+)$/.exec(line.trim())
  if (!match?.[1]) throw new Error(`not a vmess link: ${line}`)
  return JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as VmessLink
}

/**
 * Starts the client; `socksPort` on 127.0.0.1 carries connections through the link. `isLegacyAuth`
 * turns AEAD off, so the client authenticates the way vmess did before it (an MD5 hash of the UUID
 * and the time), which v2ray 4.34 still accepts.
 */
export async function startVmessClient(
  binary: string,
  workDir: string,
  link: VmessLink,
  options: { isLegacyAuth?: boolean } = {},
) {
  const socksPort = await freePort()
  const config = {
    log: { loglevel: 'warning', access: 'none' },
    inbounds: [
      {
        listen: '127.0.0.1',
        port: socksPort,
        protocol: 'socks',
        settings: { auth: 'noauth', udp: true, ip: '127.0.0.1' },
      },
    ],
    outbounds: [
      {
        protocol: 'vmess',
        settings: {
          vnext: [
            {
              address: link.add,
              port: Number(link.port),
              users: [{ id: link.id, alterId: Number(link.aid), security: link.scy }],
            },
          ],
        },
        streamSettings: { network: link.net },
      },
    ],
  }
  const name = `client-${socksPort}`
  const configPath = join(workDir, `${name}.json`)
  writeFileSync(configPath, JSON.stringify(config))
  const env = options.isLegacyAuth ? { ...process.env, V2RAY_VMESS_AEAD_DISABLED: 'true' } : process.env
  const client = await startV2ray(binary, configPath, join(workDir, `${name}.pid`), env)
  return { socksPort, stop: client.stop }
}
