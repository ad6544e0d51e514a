// V8's memory saver on Node 24, the production target. Without it an idle server keeps what start-up
// left in the heap (130–145 MB resident here); with it V8 gives that back (103–112 MB), at the same
// read and node-push rates in `npm run bench`. --optimize-for-size gets there too but shrinks the
// young generation to 1 MB, and the node push and the export slowed by a third. The flag is not a
// command-line option on Node 20 ("bad option"), so the process sets it: server.ts imports this
// module first, before the rest of the server is loaded.
import { setFlagsFromString } from 'node:v8'

const NODE_MAJOR = Number(process.versions.node.split('.')[0])
if (NODE_MAJOR >= 24) setFlagsFromString('--memory-saver-mode')
