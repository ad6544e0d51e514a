// Entry point: configuration, database, demo seed, HTTP server, graceful shutdown.
import './platform/memory-saver.ts'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { buildApp } from './app.ts'
import { seedDemoCatalog } from './modules/seed/demo-catalog.ts'
import { ensureDemoNode } from './modules/seed/demo-node.ts'
import { seedDemoCustomer } from './modules/seed/demo-seed.ts'
import { startLocalGateway } from './modules/seed/local-gateway.ts'
import { configWarnings, loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/client.ts'
import { databaseUnreachable } from './platform/db/connect-failure.ts'
import { DataDirBusyError } from './platform/db/pglite-lock.ts'
import { drainOnSignals } from './platform/drain.ts'
import { maskEmail } from './platform/log-redaction.ts'

// A .env file at the repository root is optional; real environment variables win over it.
const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const config = (() => {
  try {
    return loadConfig()
  } catch (error) {
    // What is wrong with the configuration, said plainly: its stack trace would say nothing more.
    if (!(error instanceof Error && error.message.startsWith('Invalid configuration:'))) throw error
    console.error(error.message)
    process.exit(1)
  }
})()
const database = await openDatabase(config).catch((error) => {
  // What the operator can act on, in one line: a database down or refusing us, a data folder in use.
  const line =
    error instanceof DataDirBusyError ? error.message : databaseUnreachable(error, config.DATABASE_URL)
  if (!line) throw error
  console.error(line)
  process.exit(1)
})
const app = await buildApp(config, database)
for (const warning of configWarnings(config)) app.log.warn(warning)

if (config.seedDemo) {
  const stocked = await seedDemoCatalog(database.db)
  if (stocked > 0)
    app.log.info({ addresses: stocked }, 'demo catalogue stocked from documentation address ranges')
  const demo = await seedDemoCustomer(database.db)
  if (demo) {
    app.log.info({ email: maskEmail(demo.email) }, 'demo customer created')
    // Plain text so a person finds it among the JSON log lines; it is shown only this once.
    console.log(`\n  Demo sign-in (shown once): ${demo.email} / ${demo.password}\n`)
  }
  if (await ensureDemoNode(database.db, config.DATA_DIR))
    app.log.info(
      'demo node `local` registered: it serves the demo stock; `npm run cli -- node:simulate --minutes 30` pushes simulated usage as it',
    )
}

app.addHook('onClose', () => database.close())
drainOnSignals(app, { graceMs: config.shutdownGraceMs })

await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(`Serving the portal and console on http://localhost:${config.PORT} (${database.engine})`)

if (config.localGateway) {
  const gateway = await startLocalGateway(database.db, {
    dataDir: config.DATA_DIR,
    apiUrl: `http://127.0.0.1:${config.PORT}`,
    log: app.log,
  })
  // The child goes with us, however we end.
  process.once('exit', () => gateway.kill('SIGTERM'))
  app.log.info('local gateway started: the static IPs and the traffic account you buy answer on this machine')
}
