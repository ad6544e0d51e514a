// The bench's child processes: Node scripts forked through tsx with an IPC channel, bounded waits for
// their answers, stopping exactly the processes we started, and resident memory read by pid.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

const started = new Set<ChildProcess>()
const track = (child: ChildProcess) => {
  started.add(child)
  child.once('exit', () => started.delete(child))
  return child
}

/** Forks `script` (beside this file) under tsx; `execArgv` adds Node flags such as --cpu-prof. */
export function forkScript(script: string, options: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {}) {
  return track(
    fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      execArgv: ['--import', import.meta.resolve('tsx'), ...(options.execArgv ?? [])],
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
}

/** A program that is not ours (microsocks): its per-connection log lines are dropped. */
export function spawnProgram(command: string, args: string[]) {
  return track(spawn(command, args, { stdio: 'ignore' }))
}

/** The child's next IPC message; rejects when it exits first or stays silent for `timeoutMs`. */
export function nextMessage<T>(child: ChildProcess, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs)
    const onMessage = (message: unknown) => finish(undefined, message as T)
    const onExit = (code: number | null) => finish(new Error(`${what}: exited (${code}) before answering`))
    function finish(error?: Error, message?: T) {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (error) reject(error)
      else resolve(message as T)
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

/**
 * Asks a child to leave (the IPC `message`, else closing its IPC channel, else SIGTERM) and
 * SIGKILLs it if it is still there after `graceMs`. Leaving on its own lets --cpu-prof write.
 */
export async function stop(child: ChildProcess, options: { message?: string; graceMs?: number } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  if (child.connected && options.message) child.send(options.message)
  else if (child.connected) child.disconnect()
  else child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? 3000)
  await exited
  clearTimeout(timer)
}

/** Kills every child this bench started and that is still running (on errors and the time bound). */
export function killStarted(): void {
  for (const child of started) child.kill('SIGKILL')
}

/** VmRSS of a process in MiB. */
export function rssMiB(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? Number.NaN) / 1024
}

/** The soft limit on open files that children inherit. */
export function openFileLimit(): number {
  return Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim())
}

/** Resolves once host:port accepts a connection (bounded: `timeoutMs`). */
export async function untilListening(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port }, () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (isUp) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${host}:${port} not listening after ${timeoutMs} ms`)
}
