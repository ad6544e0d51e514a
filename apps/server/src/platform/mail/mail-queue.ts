// Mail work done after the answer has gone: a slow SMTP server never holds up a request, and the
// answer's timing says nothing about what was mailed (a reset asked for an unknown address costs
// as much as one for a customer). A failure is logged; settled() waits for what is still running,
// which the app does before it closes and tests do before they read the outbox.
import type { FastifyBaseLogger } from 'fastify'

export type MailQueue = {
  /** Runs `task` once the current request has answered. */
  add: (name: string, task: () => Promise<void>) => void
  settled: () => Promise<void>
}

export function createMailQueue(log: FastifyBaseLogger): MailQueue {
  const running = new Set<Promise<void>>()
  return {
    add(name, task) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'mail task failed'))
        .finally(() => running.delete(run))
      running.add(run)
    },
    async settled() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
