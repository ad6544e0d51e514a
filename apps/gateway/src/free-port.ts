import net from 'node:net'

/** A port free on `host` right now, for settings that need a port before anything listens on it. */
export const freePort = (host = '127.0.0.1') =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject)
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
