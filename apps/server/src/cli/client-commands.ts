// The CLI's commands that talk to a running server instead of opening the database.
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { simulateNode } from '../modules/nodes/simulator.ts'
import { demoNodeTokenFile } from '../modules/seed/demo-node.ts'
import { loadConfig } from '../platform/config.ts'
import { USAGE } from './usage.ts'

/** Commands that talk to a running server instead of opening the database. */
export const clientCommands: Record<string, (args: string[]) => Promise<number>> = {
  async 'node:simulate'(args) {
    const config = loadConfig()
    const { values } = parseArgs({
      args,
      options: {
        minutes: { type: 'string', default: '10' },
        url: { type: 'string', default: `http://127.0.0.1:${config.PORT}` },
        token: { type: 'string' },
        mb: { type: 'string', default: '20' },
        only: { type: 'string', default: '' },
        json: { type: 'boolean', default: false },
      },
    })
    const minutes = Number(values.minutes)
    const mbPerMinute = Number(values.mb)
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_000 || !(mbPerMinute > 0)) {
      console.error(USAGE)
      return 2
    }
    const tokenFile = demoNodeTokenFile(config.DATA_DIR)
    const savedToken = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : ''
    // An empty NODE_TOKEN counts as unset.
    const token = values.token || process.env.NODE_TOKEN || savedToken
    if (!token) {
      console.error(
        `No node token: pass --token (from node:add) or set NODE_TOKEN. A demo server (SEED_DEMO) writes one to ${tokenFile}.`,
      )
      return 1
    }
    const result = await simulateNode({
      baseUrl: values.url,
      token,
      minutes,
      mbPerMinute,
      only: values.only.split(',').filter(Boolean),
    })
    if (values.json) console.log(JSON.stringify(result))
    else
      console.log(
        `Simulation: pushed ${result.reports} report(s) to ${values.url}: ${result.upBytes} bytes up, ${result.downBytes} bytes down` +
          ` for ${Object.keys(result.perCredential).length} credential(s).` +
          (result.disabled.length > 0 ? ` Disabled by the server: ${result.disabled.join(', ')}.` : ''),
      )
    return 0
  },
}
