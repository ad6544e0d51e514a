// Child process of `loadInOwnProcess`: runs one load and sends its timing back, then exits.
import { load, type RequestSpec, specRequest } from './load.ts'

process.once('message', async (message: { total: number; concurrency: number; spec: RequestSpec }) => {
  try {
    const timing = await load(message.total, message.concurrency, (i) => specRequest(message.spec, i))
    process.send?.({ timing }, () => process.exit(0))
  } catch (error) {
    process.send?.({ error: (error as Error).message }, () => process.exit(1))
  }
})
