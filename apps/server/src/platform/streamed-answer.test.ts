import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { StreamedAnswer, streamEnvelope } from './streamed-answer.ts'

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list
}

describe('streamed answers', () => {
  it('writes the envelope with the items of every batch, skipping empty ones', async () => {
    const answer = new StreamedAnswer()
    const body = text(answer.body)
    await streamEnvelope(
      answer,
      { cursor: 'c', full: true },
      'items',
      batches([], [{ a: 1 }, { a: 2 }], [], [{ a: 3 }]),
    )
    expect(JSON.parse(await body)).toEqual({
      code: 0,
      message: 'ok',
      data: { cursor: 'c', full: true, items: [{ a: 1 }, { a: 2 }, { a: 3 }] },
    })
  })

  it('writes an empty list, and an envelope whose data has nothing else', async () => {
    const answer = new StreamedAnswer()
    const body = text(answer.body)
    await streamEnvelope(answer, {}, 'items', batches([]))
    expect(JSON.parse(await body)).toEqual({ code: 0, message: 'ok', data: { items: [] } })
  })

  it('stops the writer when the reader goes away, and cuts the body off when the batches fail', async () => {
    const gone = new StreamedAnswer()
    // Past the high-water mark the write waits for the reader, who leaves instead.
    const waiting = gone.write('x'.repeat(64 * 1024))
    gone.body.destroy()
    await expect(waiting).rejects.toThrow('the reader went away')
    await expect(gone.write('more')).rejects.toThrow('the reader went away')

    const failing = new StreamedAnswer()
    async function* broken() {
      yield [{ a: 1 }]
      throw new Error('the database went away')
    }
    const body = text(failing.body)
    await expect(streamEnvelope(failing, {}, 'items', broken())).rejects.toThrow('the database went away')
    await expect(body).rejects.toThrow('the database went away')
  })
})
