// Every table has one owner in SQL too (`npm test`, stage deps). A module's tables are the
// pgTable('name') of the *.schema.ts files under apps/server/src/modules/<module>/ (the platform's
// under src/platform/); the raw SQL a source file writes — sql`…` templates, sql.raw(…) and the
// strings given to .query(…) — names only its own owner's tables. Another module's rows are asked
// of that module through its index.ts (a fragment or a (tx, …) function). Drizzle's query builder
// needs the table object, which only the owner's schema exports (dependency-cruiser checks that);
// a *.schema.ts may name another module's table for a foreign key; tests set up what they need.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')
const src = join(root, 'apps/server/src')

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))

/** src/modules/<name>/… → <name>; src/platform/… and the entry files → platform */
const ownerOf = (file) => /^modules\/([^/]+)\//.exec(relative(src, file))?.[1] ?? 'platform'

const files = filesUnder(src).filter((file) => !relative(src, file).startsWith('whole-api/'))
/** table name → owning module */
const tables = new Map()
for (const file of files.filter((file) => file.endsWith('.schema.ts')))
  for (const [, name] of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"`]([\w]+)['"`]/g))
    tables.set(name, ownerOf(file))

/** The SQL text a file writes: literal parts of sql`…`, and the strings given to sql.raw or .query. */
function sqlTexts(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const texts = []
  const literalText = (node) => {
    if (ts.isStringLiteralLike(node)) texts.push({ node, text: node.text })
    else if (ts.isTemplateExpression(node))
      texts.push({
        node,
        text: [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '),
      })
  }
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') literalText(node.template)
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.getText(source)
      if (name === 'sql.raw' || node.expression.name.text === 'query') node.arguments.forEach(literalText)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts.map(({ node, text }) => ({
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    // SQL string literals ('…') and comments are not names
    text: text.replace(/'[^']*'/g, ' ').replace(/--[^\n]*/g, ' '),
  }))
}

const offences = []
for (const file of files) {
  const owner = ownerOf(file)
  const path = relative(root, file)
  for (const { line, text } of sqlTexts(file))
    for (const { 1: name, index } of text.matchAll(/\b([a-z_][a-z0-9_]*)\b/g)) {
      const tableOwner = tables.get(name)
      if (!tableOwner || tableOwner === owner) continue
      // a column or an alias of the same name (t.name, as name): not the table
      if (/(\.\s*|\bas\s+)$/i.test(text.slice(0, index))) continue
      offences.push(`${path}:${line}  ${owner} names ${tableOwner}'s table ${name}`)
    }
}

if (offences.length > 0) {
  console.error(`Raw SQL naming another module's tables (${offences.length}):`)
  for (const offence of offences) console.error(`  ${offence}`)
  console.error('Ask the owner through its index.ts (a SQL fragment or a (tx, …) function) instead.')
  process.exit(1)
}
console.log(`SQL owners: ${tables.size} tables, ${files.length} files, no raw SQL across modules.`)
