// Child process of `autocannonRate`: one autocannon run, its average req/s sent back, then exit.
import autocannon from 'autocannon'

process.once(
  'message',
  async (message: { url: string; connections: number; seconds: number; token?: string }) => {
    try {
      const result = await autocannon({
        url: message.url,
        connections: message.connections,
        duration: message.seconds,
        headers: message.token ? { authorization: `Bearer ${message.token}` } : {},
      })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${message.url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      process.send?.({ requests: result.requests.average }, () => process.exit(0))
    } catch (error) {
      process.send?.({ error: (error as Error).message }, () => process.exit(1))
    }
  },
)
