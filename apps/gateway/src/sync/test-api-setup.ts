// Runs before each test file: its API fixtures load the run's migrated database (test-api-template.ts).
import { inject } from 'vitest'
import { useApiTemplate } from './test-api.ts'

useApiTemplate(inject('apiTemplate'))
