// A real SOCKS5 UDP client for tests (not a test file itself): Debian's python3-socks driven through
// socks5-udp-client.py, one JSON line per command. /usr/bin/python3: the python3 on PATH may be
// another interpreter without the package.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'

const PYTHON = '/usr/bin/python3'
const SCRIPT = resolve(import.meta.dirname, 'socks5-udp-client.py')

export type Reply = {
  error?: string
  /** Where the client sends its datagrams (the relay), and from where. */
  relay?: [string, number]
  local?: [string, number]
  sent?: number
  data?: string
  from?: [string, number]
  timeout?: boolean
  closed?: boolean
}

/** Whether PySocks can be run (CI installs it; see .ci/run). */
export const hasPySocks = () => spawnSync(PYTHON, ['-c', 'import socks']).status === 0

export type UdpClient = Awaited<ReturnType<typeof startUdpClient>>

/** Opens an association through the proxy; `opened.error` says why not. */
export async function startUdpClient(proxy: {
  host: string
  port: number
  username?: string
  password?: string
}) {
  const args = [SCRIPT, proxy.host, String(proxy.port)]
  if (proxy.username !== undefined) args.push(proxy.username, proxy.password ?? '')
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, args)
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const next = async (): Promise<Reply> => {
    const line = await lines.next()
    if (line.done) throw new Error(`the UDP client exited: ${stderr}`)
    return JSON.parse(line.value) as Reply
  }
  const ask = (command: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify(command)}\n`)
    return next()
  }
  const opened = await next()

  return {
    opened,
    send: (host: string, port: number, data: string) => ask({ op: 'send', host, port, data }),
    receive: (timeoutMs = 2_000) => ask({ op: 'recv', timeout: timeoutMs / 1000 }),
    /** Closes the TCP control connection, keeping the UDP socket. */
    closeControl: () => ask({ op: 'close-control' }),
    /** Whether the gateway closed the control connection within `timeoutMs`. */
    async isControlClosed(timeoutMs: number) {
      return (await ask({ op: 'control-closed', timeout: timeoutMs / 1000 })).closed === true
    },
    async close() {
      if (child.exitCode !== null) return
      child.stdin.end()
      const exited = once(child, 'exit')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
