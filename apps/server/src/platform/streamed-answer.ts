// An answer too big to build in memory — a node's full snapshot: 100,000 credentials, about 30 MB of
// JSON, which as objects, validated copies and one string peaked at over 500 MB of heap — is written
// to the socket batch by batch as it is read, with backpressure. `mount` sends it as it is.
import { PassThrough } from 'node:stream'
import { SUCCESS_CODE } from '@proxy/contract/envelope'

/**
 * How long a reader may leave the answer undrained before it is dropped: the writer holds a
 * transaction open meanwhile (on PGlite, the only connection).
 */
const DRAIN_TIMEOUT_MS = 15_000

export class StreamedAnswer {
  readonly body = new PassThrough()

  /** Resolves once the chunk is buffered below the high-water mark; throws when the reader is gone. */
  async write(chunk: string) {
    if (this.body.destroyed) throw new Error('the reader went away')
    if (this.body.write(chunk)) return
    await new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer)
        this.body.off('drain', settle).off('close', settle)
        if (this.body.destroyed) reject(new Error('the reader went away'))
        else resolve()
      }
      const timer = setTimeout(() => this.body.destroy(new Error('the reader stalled')), DRAIN_TIMEOUT_MS)
      this.body.on('drain', settle).on('close', settle)
    })
  }
}

/**
 * Streams the envelope `{code, message, data: {...rest, [key]: items}}` into `answer`, the items
 * read batch by batch (each batch already validated by the caller), then ends it. On an error the
 * answer is destroyed — the reader sees a cut-off body, never a well-formed partial one — and the
 * error is thrown on.
 */
export async function streamEnvelope(
  answer: StreamedAnswer,
  rest: Record<string, unknown>,
  key: string,
  batches: AsyncIterable<readonly unknown[]>,
) {
  try {
    const head = JSON.stringify({ code: SUCCESS_CODE, message: 'ok', data: rest })
    // `head` ends with the two closing braces of data and the envelope.
    await answer.write(
      `${head.slice(0, -2)}${Object.keys(rest).length > 0 ? ',' : ''}${JSON.stringify(key)}:[`,
    )
    let first = true
    for await (const batch of batches) {
      if (batch.length === 0) continue
      const items = JSON.stringify(batch)
      await answer.write(`${first ? '' : ','}${items.slice(1, -1)}`)
      first = false
    }
    await answer.write(']}}')
    answer.body.end()
  } catch (error) {
    answer.body.destroy(error as Error)
    throw error
  }
}
