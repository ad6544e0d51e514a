// V8's memory saver on Node 24, the production target. Without it an idle server keeps what start-up
// left in the heap (124–139 MB resident here) and settles at 162–290 MB after `npm run bench`'s load;
// with it, 101–104 and 119–124 MB. Its price is the request that allocates the most: the
// 10,000-record node push is about half as slow again (README "Production build"). Node 20 rejects
// the flag on the command line ("bad option"), so the process sets it: server.ts imports this module
// first, before the rest of the server runs.
import { setFlagsFromString } from 'node:v8'

const NODE_MAJOR = Number(process.versions.node.split('.')[0])
if (NODE_MAJOR >= 24) setFlagsFromString('--memory-saver-mode')
