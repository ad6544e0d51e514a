// Vitest's global setup: one migrated database for the whole run, which the test files' API fixtures
// load (test-api-setup.ts hands them its path) instead of each migrating its own.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { writeApiTemplate } from './test-api.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-api-template-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const path = join(dir, 'pglite.tar.gz')
  await writeApiTemplate(path).catch((error) => {
    remove()
    throw error
  })
  project.provide('apiTemplate', path)
  return remove
}
