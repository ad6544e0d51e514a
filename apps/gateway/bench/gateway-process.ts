// The gateway under test, alone in its process (the API lives in the bench parent, the load in
// another child): configured from the environment the bench passes, it answers 'listening' with its
// entries after a pull, 'stop' by closing and exiting, and the bench's profiling requests.
import { loadGatewayConfig } from '../src/config.ts'
import { startGateway } from '../src/gateway.ts'
import { createLog } from '../src/log.ts'
import { serveProfiling } from './profiling.ts'

const config = loadGatewayConfig(process.env)
const gateway = await startGateway(config, createLog(config.GATEWAY_LOG_LEVEL))

process.on('message', (message: unknown) => {
  if (message === 'listening')
    void gateway
      .pull()
      .catch(() => {})
      .then(() => process.send?.({ listening: gateway.listening() }))
  if (message === 'stop') void gateway.close().finally(() => process.exit(0))
})
serveProfiling()
process.on('disconnect', () => process.exit(0))
process.send?.({ ready: true })
