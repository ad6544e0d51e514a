// A web server for the namespace tests (nodes-netns.test.ts), run as a process in a host of its own:
// `tsx test-peer-sink.ts <host> <port>` answers every request with the address the connection came
// from, so a test sees which address a tunnel left from. Prints "listening" once it is.
import { createServer } from 'node:http'

const [host = '127.0.0.1', port = '0'] = process.argv.slice(2)
const server = createServer((request, response) => {
  response.setHeader('connection', 'close')
  response.end(request.socket.remoteAddress ?? '')
})
server.listen(Number(port), host, () => process.stdout.write('listening\n'))
