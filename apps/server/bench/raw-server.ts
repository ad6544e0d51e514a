// Child process of `serveRaw`: the floor for GET /api/user/wallet — node:http and one pg query (the
// session joined with its wallet, by the token's hash), with none of the framework around it.
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const query = {
  name: 'raw_wallet',
  text: `select w.balance from sessions s join wallets w on w.user_id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
}

const server = createServer(async (request, response) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
  const hash = token ? createHash('sha256').update(token).digest('hex') : ''
  const { rows } = await pool.query({ ...query, values: [hash] })
  const row = rows[0] as { balance: string } | undefined
  response.writeHead(row ? 200 : 401, { 'content-type': 'application/json; charset=utf-8' })
  response.end(
    JSON.stringify(
      row
        ? {
            code: 0,
            message: 'ok',
            data: { wallet: { balance: Number(row.balance) / 100, currency: 'USD' } },
          }
        : { code: 401, message: 'unauthorized', data: null },
    ),
  )
})
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number }
  process.send?.({ port })
})
process.on('message', (message) => {
  if (message === 'memory')
    process.send?.({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapTotal })
  if (message === 'stop') server.closeAllConnections()
  if (message === 'stop') server.close(() => void pool.end().then(() => process.exit(0)))
})
