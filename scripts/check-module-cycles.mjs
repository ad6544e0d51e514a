// No cycles between server modules (`npm test`, stage deps). dependency-cruiser's no-cycles rule
// sees files; here every import of a file in apps/server/src/modules/<a>/ from one in <b>/ is an
// arrow b → a — schema imports for a foreign key and type-only imports included, tests left out
// (they set up what they need) — and the module graph must have no cycle.
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//
const isTest = (path) => /\.test\.ts$/.test(path)

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
const { output } = await cruise(
  ['apps/server/src/modules'],
  { ...options, ruleSet: undefined, validate: false },
  {},
  { tsConfig: extractTSConfig('tsconfig.base.json') },
)

/** module → module → the first file import that makes the arrow, to name it in the report */
const arrows = new Map()
for (const file of output.modules) {
  const from = MODULE.exec(file.source)?.[1]
  if (!from || isTest(file.source)) continue
  for (const dependency of file.dependencies) {
    const to = MODULE.exec(dependency.resolved)?.[1]
    if (!to || to === from) continue
    if (!arrows.has(from)) arrows.set(from, new Map())
    if (!arrows.get(from).has(to)) arrows.get(from).set(to, `${file.source} → ${dependency.resolved}`)
  }
}

/** Each cycle once, as the path from its smallest module back to it (a depth-first walk). */
const cycles = []
const names = [...arrows.keys()].sort()
for (const start of names) {
  const walk = (module, path) => {
    for (const next of arrows.get(module)?.keys() ?? []) {
      if (next === start) cycles.push([...path, start])
      else if (next > start && !path.includes(next)) walk(next, [...path, next])
    }
  }
  walk(start, [start])
}

if (cycles.length > 0) {
  console.error(`Server module cycles (schema and type imports count): ${cycles.length}`)
  for (const cycle of cycles) {
    console.error(`\n  ${cycle.join(' → ')}`)
    for (let index = 0; index < cycle.length - 1; index++)
      console.error(`    ${arrows.get(cycle[index]).get(cycle[index + 1])}`)
  }
  process.exit(1)
}
console.log(`Server modules: ${names.length} with imports, no cycle between them.`)
