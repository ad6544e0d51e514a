// Usage enters only through the node API: journeys run the operator's `node:simulate` client
// against the test server, with the demo node token the server left in its data directory.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

const SERVER_DIR = resolve(import.meta.dirname, '../../../server')

export type Simulation = {
  reports: number
  upBytes: number
  downBytes: number
  perCredential: Record<string, number>
}

export const simulateUsage = async (
  baseURL: string,
  dataDir: string,
  options: { minutes: number; mb: number; only: string },
): Promise<Simulation> => {
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'tsx',
      'src/cli.ts',
      'node:simulate',
      '--url',
      baseURL,
      '--minutes',
      String(options.minutes),
      '--mb',
      String(options.mb),
      '--only',
      options.only,
      '--json',
    ],
    { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, NODE_TOKEN: '' } },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Simulation
}
