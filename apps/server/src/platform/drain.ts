// A restart that drains: on SIGTERM/SIGINT /readyz answers 503 at once while everything else is
// still served for SHUTDOWN_GRACE_MS, long enough for a balancer's health check to take the replica
// out; then the listener closes, idle keep-alive connections are closed, requests in flight finish
// and the process exits. A second signal ends it at once.
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the first shutdown signal on: /readyz answers 503. */
    isDraining: () => boolean
    beginDrain: () => void
  }
}

/** How often connections that went idle after close() are closed (keep-alive would hold them 72 s). */
const IDLE_SWEEP_MS = 100

/** Called by buildApp (through registerHealth): the drain state /readyz reads, per app. */
export function registerDrain(app: FastifyInstance) {
  let isDraining = false
  // Every answer sent once draining began, to requests that arrived before it too, closes its
  // connection (Node honours `Connection: close`): no client, HAProxy's pool included, keeps sending
  // on it to a replica that is going away.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isDraining) reply.header('connection', 'close')
    done(null, payload)
  })
  app.decorate('isDraining', () => isDraining)
  app.decorate('beginDrain', () => {
    isDraining = true
  })
}

type DrainOptions = {
  graceMs: number
  /** process.exit, replaceable in a test. */
  exit?: (code: number) => void
}

/** Installs the SIGTERM/SIGINT handling of server.ts. */
export function drainOnSignals(app: FastifyInstance, { graceMs, exit = process.exit }: DrainOptions) {
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (app.isDraining()) {
      app.log.warn({ signal }, 'second signal while draining: exiting without waiting for requests')
      exit(1)
      return
    }
    app.beginDrain()
    app.log.info(
      { signal, graceMs },
      'draining: /readyz answers 503, requests are served until the grace ends',
    )
    setTimeout(close, graceMs)
  }
  const close = () => {
    if (closing) return
    closing = true
    app.log.info('grace over: no new connections; finishing requests in flight')
    setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref()
    app.close().then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal)
}
