// A minimal SMTP server on loopback for the mailer's tests: it accepts every message and keeps it
// (body decoded), or with `stall` accepts connections and never greets, like a hung mail server.
import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'

export type ReceivedMail = { to: string[]; headers: string; text: string }

/** The text of a single-part message as nodemailer writes it (quoted-printable, base64 or plain). */
function decodeBody(message: string): { headers: string; text: string } {
  const split = message.indexOf('\r\n\r\n')
  const headers = message.slice(0, split)
  const body = message.slice(split + 4)
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') }
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') }
  }
  return { headers, text: body }
}

export async function startFakeSmtp({ stall = false } = {}) {
  const received: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (stall) return
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let data: string[] | null = null
    let to: string[] = []
    reply('220 fake-smtp ready')
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1')
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data) {
          if (line !== '.') data.push(line.startsWith('..') ? line.slice(1) : line)
          else {
            received.push({ to, ...decodeBody(data.join('\r\n')) })
            ;[data, to] = [null, []]
            reply('250 queued')
          }
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'RCPT') to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
        if (command === 'DATA') {
          data = []
          reply('354 go ahead')
        } else if (command === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply(command === 'EHLO' || command === 'HELO' ? '250 fake-smtp' : '250 ok')
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Drops every open connection (a stalled server then fails the mails it holds). */
    dropConnections: () => {
      for (const socket of sockets) socket.destroy()
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    },
  }
}
