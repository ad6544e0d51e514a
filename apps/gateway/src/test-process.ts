// For the tests that run the gateway as a real process (`npm run gateway`, in its own process group):
// starting it, finding its workers, and killing all or part of it with SIGKILL, as a crash would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { eventually } from './test-sockets.ts'

const GATEWAY_DIR = resolve(import.meta.dirname, '..')
const MAIN = resolve(import.meta.dirname, 'main.ts')
const WAIT_MS = 30_000
const CLEAN_STOP_MS = 30_000
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** 'accepted', 'refused', or 'other' (timeout, reset) for one connect attempt. */
export const connectOnce = (host: string, port: number) =>
  new Promise<'accepted' | 'refused' | 'other'>((done) => {
    const socket = net.connect({ host, port })
    const finish = (result: 'accepted' | 'refused' | 'other') => {
      clearTimeout(timer)
      socket.destroy()
      done(result)
    }
    const timer = setTimeout(() => finish('other'), 1000)
    socket.once('connect', () => finish('accepted'))
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ECONNREFUSED' ? 'refused' : 'other'),
    )
  })

/** Kills a process group (or one process) with SIGKILL; one already gone is fine. */
export function kill(pid: number | undefined, options: { group?: boolean } = {}) {
  if (pid === undefined) return
  try {
    process.kill(options.group ? -pid : pid, 'SIGKILL')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** Live (not zombie) processes in the group, from /proc; empty where /proc is not there. */
export function groupMembers(pgid: number): number[] {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  return pids.flatMap((pid) => {
    try {
      // After "(comm)": state, ppid, pgrp.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return Number(pgrp) === pgid && state !== 'Z' ? [Number(pid)] : []
    } catch {
      return []
    }
  })
}

export type GatewayProcess = ReturnType<typeof spawnGateway>

/**
 * The gateway as a process of its own, in its own process group, with these settings; with `netns`,
 * inside that network namespace (`ip netns exec` execs node: the pid and the group stay the same).
 */
export function spawnGateway(env: Record<string, string>, options: { netns?: string } = {}) {
  const [command, ...args] = [
    ...(options.netns ? ['ip', 'netns', 'exec', options.netns] : []),
    process.execPath,
    '--import',
    'tsx',
    MAIN,
  ]
  const child: ChildProcess = spawn(command as string, args, {
    cwd: GATEWAY_DIR,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), ...env },
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const hasExited = () => child.exitCode !== null || child.signalCode !== null

  return {
    child,
    log: () => output,
    /** The primary's workers: its children running the same entry (not v2ray). */
    workerPids(): number[] {
      try {
        return execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map(Number)
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts')
            } catch {
              return false
            }
          })
      } catch {
        return []
      }
    },
    /** Resolves once the address accepts connections; throws if the process dies first or never does. */
    async accepting(host: string, port: number) {
      const result = await eventually(
        () => (hasExited() ? 'exited' : connectOnce(host, port)),
        (answer) => answer === 'accepted' || answer === 'exited',
        WAIT_MS,
      )
      if (result !== 'accepted')
        throw new Error(`gateway not accepting on ${host}:${port} (${result}); its output:\n${output}`)
    },
    /** SIGKILLs the whole group and waits (bounded) until every member is gone; false if some stayed. */
    async crash(): Promise<boolean> {
      kill(child.pid, { group: true })
      await Promise.race([exited, sleep(10_000)])
      const pgid = child.pid as number
      const left = await eventually(
        () => groupMembers(pgid),
        (members) => members.length === 0,
        10_000,
      )
      return hasExited() && child.signalCode === 'SIGKILL' && left.length === 0
    },
    /**
     * Stops it cleanly (SIGTERM, the last counts pushed), then makes sure the group is gone; true when
     * it ended by itself. A clean stop waits for the workers, v2ray and a push: on a machine busy with
     * the rest of the suite that took more than 8 s, and a SIGKILL then lost the counts it was pushing.
     */
    async stop(): Promise<boolean> {
      if (!hasExited()) {
        try {
          process.kill(-(child.pid as number), 'SIGTERM')
        } catch {}
        await Promise.race([exited, sleep(CLEAN_STOP_MS)])
      }
      const clean = hasExited() && child.signalCode === null
      kill(child.pid, { group: true })
      child.stdout?.destroy()
      child.stderr?.destroy()
      return clean
    },
  }
}
