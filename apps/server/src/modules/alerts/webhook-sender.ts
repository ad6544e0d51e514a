// One attempt of a webhook delivery: a POST to the address the destination check chose (the URL's host
// stays in the Host header and TLS's SNI and certificate check), no redirect followed, no connection
// reused, and an answer awaited at most WEBHOOK_TIMEOUT_SECONDS.
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { DeliveryError } from '@proxy/contract/alerts/webhooks'
import type { ResolvedAddress } from './destination.ts'

export type Attempt = { statusCode: number | null; error: DeliveryError | null }

/** Answers the checked address to the connection's lookup, so the name is never resolved a second time. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ])
    else callback(null, address, family)
  }

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/

const errorOf = (error: NodeJS.ErrnoException): DeliveryError =>
  TLS_CODES.test(error.code ?? '') ? 'tls' : 'connection'

export function postWebhook(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Attempt> {
  return new Promise((settle) => {
    let isSettled = false
    const finish = (attempt: Attempt) => {
      if (isSettled) return
      isSettled = true
      settle(attempt)
    }
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(target),
      },
      (response) => {
        // Only the status counts: the body is read away (never kept) until it ends or the time is up.
        finish({ statusCode: response.statusCode ?? null, error: null })
        response.resume()
        response.on('end', () => request.destroy())
      },
    )
    // Also ends a body that trickles on after the status came: the connection never outlives the limit.
    const timer = setTimeout(() => {
      request.destroy()
      finish({ statusCode: null, error: 'timeout' })
    }, timeoutMs)
    request.on('close', () => clearTimeout(timer))
    request.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, error: errorOf(error) }))
    request.end(body)
  })
}
