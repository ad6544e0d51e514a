import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { gatewayCommand } from './local-gateway.ts'

const gatewayDir = resolve(import.meta.dirname, '../../../../gateway')

describe('the local gateway child', () => {
  it('runs the gateway source with tsx beside a server run from source', () => {
    const command = gatewayCommand(false)
    expect(command).toEqual([
      '--initial-old-space-size=64',
      '--import',
      'tsx',
      resolve(gatewayDir, 'src/main.ts'),
    ])
    expect(existsSync(command.at(-1) ?? '')).toBe(true)
  })

  it('runs the compiled gateway with plain node beside the compiled server, or says to build', () => {
    const compiled = resolve(gatewayDir, 'dist/main.js')
    if (existsSync(compiled)) expect(gatewayCommand(true)).toEqual(['--initial-old-space-size=64', compiled])
    else expect(() => gatewayCommand(true)).toThrow('run `npm run build` first')
  })
})
