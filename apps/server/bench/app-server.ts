// Child process of `serveApp`: the server under test, alone in its process so its RSS is its own.
// Configured from the environment as src/server.ts is; answers its port, then its RSS on request.
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/platform/config.ts'
import { openDatabase } from '../src/platform/db/client.ts'

const config = loadConfig()
const database = await openDatabase(config)
const app = await buildApp(config, database)
app.addHook('onClose', () => database.close())
await app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.server.address() as { port: number }
process.send?.({ port })
process.on('message', (message) => {
  if (message === 'memory')
    process.send?.({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapTotal })
  if (message === 'stop') void app.close().then(() => process.exit(0))
})
