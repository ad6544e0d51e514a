// `npm run gateway`: the proxy gateway of one node, configured from the environment (.env.example).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadGatewayConfig } from './config.ts'
import { startGateway } from './gateway.ts'

const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

let config: ReturnType<typeof loadGatewayConfig>
try {
  config = loadGatewayConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const gateway = await startGateway(config)
console.log(
  `Gateway serving ${gateway.listening().length} address(es) for ${config.GATEWAY_API_URL}` +
    (config.GATEWAY_ALLOW_PRIVATE ? ' (private destinations allowed)' : ''),
)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void gateway.close().then(() => process.exit(0))
  })
