// Inputs for the API fuzz suite (src/platform/api-fuzz.test.ts): the operations of the OpenAPI
// document, schema-valid baselines drawn with fast-check, and hostile values that break one part.
import fc from 'fast-check'

export type Schema = {
  type?: string
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
}
export type Param = { name: string; isRequired: boolean; schema: Schema }
export type Operation = {
  method: string
  /** OpenAPI form, `/api/proxy/instances/{id}`. */
  path: string
  name: string
  isSecured: boolean
  isNode: boolean
  /** An operator-console operation (`/api/admin`): its credential is the console's session cookie. */
  isOperator: boolean
  pathParams: Param[]
  query: Param[]
  body: Schema | null
}

type OpenApiOperation = {
  tags?: string[]
  security?: unknown[]
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Every path × method of the document, in document order. */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method] as OpenApiOperation
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((param) => param.in === where)
          .map((param) => ({
            name: param.name,
            isRequired: param.required === true,
            schema: param.schema ?? {},
          }))
      return {
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        isSecured: Array.isArray(op.security) && op.security.length > 0,
        isNode: (op.tags ?? []).includes('node') || path.startsWith('/api/node/'),
        isOperator: (op.security ?? []).some(
          (scheme) => typeof scheme === 'object' && scheme !== null && 'adminSession' in scheme,
        ),
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      }
    }),
  )
}

// ---- wire values ----------------------------------------------------------------------------

/** A JSON token written as is: what JSON.stringify cannot spell (1e309, 2^63 exactly, -0, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** Percent-encodes every code unit, lone surrogates included (as their WTF-8 bytes), unlike encodeURIComponent. */
export function percentEncode(text: string): string {
  let out = ''
  for (const char of text) {
    const unit = char.codePointAt(0) ?? 0
    if (/^[A-Za-z0-9\-._~]$/.test(char)) out += char
    else if (unit >= 0xd800 && unit <= 0xdfff)
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    else out += encodeURIComponent(char)
  }
  return out
}

/** A value in the URL: `text` is percent-encoded, `raw` is written as is (bad escapes on purpose). */
export type UrlValue = { label: string; text?: string; raw?: string }
export const urlText = (value: UrlValue) => value.raw ?? percentEncode(value.text ?? '')

export type Hostile = { label: string; value: unknown }
const hostile = (label: string, value: unknown): Hostile => ({ label, value })

const deepArrays = new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`)
const deepObjects = new RawJson(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)

/** Swept through every string-ish slot, in bodies and URLs alike. */
const CORE_STRINGS: Hostile[] = [
  hostile('NUL', 'a\u0000b'),
  hostile('BEL', '\u0007'),
  hostile('ESC sequence', '\u001b[2J'),
  hostile('DEL', '\u007f'),
  hostile('lone surrogate', 'x\ud800'),
  hostile('10k chars', 'a'.repeat(10_000)),
  hostile('101 chars', 'b'.repeat(101)),
  hostile('empty string', ''),
  hostile('"-1"', '-1'),
  hostile('"0.5"', '0.5'),
  hostile('"1e309"', '1e309'),
  hostile('"NaN"', 'NaN'),
  hostile('"99999999999999999999"', '99999999999999999999'),
]

/** Swept through date-time slots only (they would only repeat a plain string elsewhere). */
const DATE_STRINGS: Hostile[] = [
  hostile('date 0000-01-01', '0000-01-01T00:00:00Z'),
  hostile('date 9999-12-31', '9999-12-31T23:59:59Z'),
  hostile('date -001000', '-001000-01-01T00:00:00Z'),
  hostile('date +275760', '+275760-09-13T00:00:00.000Z'),
  hostile('date Feb 30', '2024-02-30T00:00:00Z'),
  hostile('date with 1000 fraction digits', `2024-01-01T00:00:00.${'9'.repeat(1000)}Z`),
  hostile('date +23:59 offset', '0001-01-01T00:00:00+23:59'),
]

/** Drawn by the random cases. */
const MORE_STRINGS: Hostile[] = [
  hostile('NUL alone', '\u0000'),
  hostile('CR LF', 'a\r\nb'),
  hostile('lone low surrogate', '\udfffx'),
  hostile('spaces', '   '),
  hostile('BOM and RTL override', '\ufeff\u202e'),
  hostile('emoji', '🙂'.repeat(40)),
  hostile('"Infinity"', 'Infinity'),
  hostile('"null"', 'null'),
  hostile('"true"', 'true'),
  hostile('"0x10"', '0x10'),
  hostile('SQL quote', "' or 1=1 --"),
  hostile('path traversal', '../../etc/passwd'),
  hostile('"%00"', '%00'),
  hostile('"__proto__"', '__proto__'),
]

/** Swept through every body slot: wrong types and numbers JSON.parse turns into trouble. */
const CORE_NON_STRINGS: Hostile[] = [
  hostile('-1', -1),
  hostile('0.5', 0.5),
  hostile('2^63', new RawJson('9223372036854775808')),
  hostile('1e309', new RawJson('1e309')),
  hostile('null', null),
  hostile('true', true),
  hostile('empty array', []),
  hostile('object', { a: 1 }),
  hostile('5000-deep arrays', deepArrays),
]

const MORE_NON_STRINGS: Hostile[] = [
  hostile('0', 0),
  hostile('-0', new RawJson('-0')),
  hostile('1.005', 1.005),
  hostile('0.001', 0.001),
  hostile('2^53+1', new RawJson('9007199254740993')),
  hostile('-2^63', new RawJson('-9223372036854775808')),
  hostile('1e21', 1e21),
  hostile('1e308', 1e308),
  hostile('-1e309', new RawJson('-1e309')),
  hostile('1e-400', new RawJson('1e-400')),
  hostile('30 digits', new RawJson('123456789012345678901234567890')),
  hostile('false', false),
  hostile('array of strings', ['a', 'b']),
  hostile('empty object', {}),
  hostile('2000-deep objects', deepObjects),
]

const isDateSlot = (schema: Schema | undefined) => schema?.format === 'date-time'

/** The values swept through one body slot. */
export const coreBodyValues = (schema: Schema | undefined): Hostile[] => [
  ...CORE_STRINGS,
  ...(isDateSlot(schema) ? DATE_STRINGS : []),
  ...CORE_NON_STRINGS,
]

export const ALL_BODY_VALUES = [
  ...CORE_STRINGS,
  ...DATE_STRINGS,
  ...MORE_STRINGS,
  ...CORE_NON_STRINGS,
  ...MORE_NON_STRINGS,
]

const asUrlText = ({ label, value }: Hostile): UrlValue => ({ label, text: value as string })

/** Escapes a client would never produce, written into the URL as they are. */
const RAW_URL_VALUES: UrlValue[] = [
  { label: 'raw %00', raw: 'a%00b' },
  { label: 'raw %zz', raw: '%zz' },
  { label: 'raw lone %', raw: '%' },
  { label: 'raw surrogate bytes', raw: '%ED%A0%80' },
  { label: 'raw %FF', raw: '%FF' },
]

const MORE_RAW_URL_VALUES: UrlValue[] = [
  { label: 'raw %00 alone', raw: '%00' },
  { label: 'raw truncated UTF-8', raw: '%E0%A4%A' },
  { label: 'raw overlong slash', raw: '%C0%AF' },
  { label: 'raw encoded slash', raw: 'a%2Fb' },
  { label: 'raw encoded dot-dot', raw: '%2e%2e' },
]

/** The values swept through one path or query parameter. */
export const coreUrlValues = (schema: Schema | undefined): UrlValue[] => [
  ...CORE_STRINGS.map(asUrlText),
  ...(isDateSlot(schema) ? DATE_STRINGS.map(asUrlText) : []),
  ...RAW_URL_VALUES,
]

export const ALL_URL_VALUES: UrlValue[] = [
  ...[...CORE_STRINGS, ...DATE_STRINGS, ...MORE_STRINGS].map(asUrlText),
  ...RAW_URL_VALUES,
  ...MORE_RAW_URL_VALUES,
]

/** Header values fetch can send (it refuses control characters, so the server never sees them). */
export const HOSTILE_HEADERS: Record<string, string[]> = {
  'accept-language': ['', 'xx', 'zh-CN;q=abc', '*', 'a'.repeat(5000), 'ÿ'],
  currencycode: ['', 'EUR', 'a'.repeat(5000), 'ÿ'],
  'idempotency-key': ['', ' ', 'a'.repeat(255), 'a'.repeat(256), 'a'.repeat(10_000), 'ÿ', 'has space'],
}

/** Field names nobody declared (the random cases also use the names other operations declare). */
export const EXTRA_NAMES = ['extra', '__proto__', 'constructor', 'toString', 'x'.repeat(300), '']

// ---- schema-valid baselines -----------------------------------------------------------------

/** Whether a string passes a string schema's enum, pattern and length (used to pick owned ids). */
export function fitsString(schema: Schema, value: string): boolean {
  if (schema.enum) return schema.enum.includes(value)
  if (schema.anyOf ?? schema.oneOf)
    return (schema.anyOf ?? schema.oneOf ?? []).some((s) => fitsString(s, value))
  if (schema.type && schema.type !== 'string') return false
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false
  if (schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) return false
  return (
    value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
  )
}

const plainUnit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-')

/** Values the schema accepts; strings prefer `pool` (ids the caller owns) when one fits. */
export function validArb(schema: Schema, pool: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return fc.oneof(...branches.map((branch) => validArb(branch, pool)))
  switch (schema.type) {
    case 'string': {
      const owned = pool.filter((value) => fitsString(schema, value))
      const fresh =
        schema.format === 'date-time'
          ? fc
              .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
              .map((date) => date.toISOString())
          : schema.format === 'uuid'
            ? fc.uuid()
            : schema.pattern
              ? fc.stringMatching(new RegExp(schema.pattern))
              : fc.string({
                  unit: plainUnit,
                  minLength: Math.max(schema.minLength ?? 1, 1),
                  maxLength: Math.min(schema.maxLength ?? 16, 16),
                })
      return owned.length > 0
        ? fc.oneof({ arbitrary: fc.constantFrom(...owned), weight: 4 }, { arbitrary: fresh, weight: 1 })
        : fresh
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0
      const max = Math.min(schema.maximum ?? min + 1000, min + 1000)
      const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      return schema.type === 'integer'
        ? whole
        : fc.oneof(
            whole,
            fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
          )
    }
    case 'boolean':
      return fc.boolean()
    case 'array': {
      // Short arrays, but never shorter than the schema asks (the term discounts come as exactly four).
      const minLength = Math.max(schema.minItems ?? 0, 1)
      return fc.array(validArb(schema.items ?? {}, pool), {
        minLength,
        maxLength: Math.max(Math.min(schema.maxItems ?? 2, 2), minLength),
      })
    }
    case 'object': {
      const properties = schema.properties ?? {}
      const required = schema.required ?? []
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, validArb(value, pool)])),
        { requiredKeys: required.filter((key) => key in properties) },
      )
    }
    default:
      return fc.constant('x')
  }
}

/** The decoded parts of one request, before anything is broken. */
export type Baseline = { params: Record<string, string>; query: Record<string, string>; body: unknown }

const HOUR_MS = 3_600_000

/**
 * Date-time query parameters as a window around now (the first before, the others after, in
 * document order), so a read covers what the run has just written.
 */
function windowArb(param: Param, dates: Param[]): fc.Arbitrary<string> {
  const isFirst = dates[0] === param
  const hours = isFirst ? fc.integer({ min: -30 * 24, max: -1 }) : fc.integer({ min: 1, max: 2 * 24 })
  return hours.map((n) => new Date(Date.now() + n * HOUR_MS).toISOString())
}

export function baselineArb(op: Operation, pool: readonly string[]): fc.Arbitrary<Baseline> {
  const asText = (param: Param) => validArb(param.schema, pool).map(String)
  const dates = op.query.filter((param) => param.schema.format === 'date-time')
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((param) => [param.name, asText(param)]))),
    query: fc.record(
      Object.fromEntries(
        op.query.map((param) => [
          param.name,
          dates.includes(param) ? windowArb(param, dates) : asText(param),
        ]),
      ),
      { requiredKeys: op.query.filter((param) => param.isRequired).map((param) => param.name) },
    ),
    body: op.body ? validArb(op.body, pool) : fc.constant(undefined),
  }) as fc.Arbitrary<Baseline>
}

// ---- cases ----------------------------------------------------------------------------------

/** One request to send: URL parts already chosen, body as JSON value or raw text. */
export type Case = {
  label: string
  params: Record<string, UrlValue>
  /** name (raw) and value; value null writes the name without `=`. */
  query: [string, UrlValue | null][]
  body?: { json: unknown } | { raw: string | Uint8Array; contentType: string | null }
  headers: Record<string, string>
}

export function caseOf(base: Baseline, label = 'baseline'): Case {
  const asUrl = (text: string): UrlValue => ({ label: JSON.stringify(text), text })
  return {
    label,
    params: Object.fromEntries(Object.entries(base.params).map(([name, value]) => [name, asUrl(value)])),
    query: Object.entries(base.query).map(([name, value]) => [name, asUrl(value)]),
    body: base.body === undefined ? undefined : { json: base.body },
    headers: {},
  }
}

const canCarryBody = (op: Operation) => op.method !== 'GET' && op.method !== 'HEAD'

type Slot = (string | number)[]

/** Every place in the body schema a value can go: properties, and the first item of arrays. */
export function slotsOf(schema: Schema | null | undefined, prefix: Slot = []): Slot[] {
  if (!schema) return []
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
      [...prefix, key],
      ...slotsOf(value, [...prefix, key]),
    ])
  if (schema.type === 'array') return [[...prefix, 0], ...slotsOf(schema.items, [...prefix, 0])]
  return []
}

/** The schema of the value at `slot`. */
function schemaAt(schema: Schema | undefined, slot: Slot): Schema | undefined {
  const [head, ...rest] = slot
  if (head === undefined || !schema) return schema
  return schemaAt(typeof head === 'number' ? schema.items : schema.properties?.[head], rest)
}

const slotName = (slot: Slot) => slot.map((part) => (typeof part === 'number' ? `[${part}]` : part)).join('.')

/** A copy of `value` with `slot` set (own properties only, so `__proto__` stays a plain key). */
export function withSlot(value: unknown, slot: Slot, item: unknown, remove = false): unknown {
  const [head, ...rest] = slot
  if (head === undefined) return item
  const container = (
    typeof head === 'number'
      ? Array.isArray(value)
        ? [...value]
        : []
      : value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)
        ? { ...value }
        : {}
  ) as Record<string | number, unknown>
  if (remove && rest.length === 0) delete container[head]
  else
    Object.defineProperty(container, head, {
      value: withSlot(container[head], rest, item, remove),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return container
}

function requiredSlots(schema: Schema | null, prefix: Slot = []): Slot[] {
  if (!schema) return []
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
      ...((schema.required ?? []).includes(key) ? [[...prefix, key]] : []),
      ...requiredSlots(value, [...prefix, key]),
    ])
  if (schema.type === 'array') return requiredSlots(schema.items ?? null, [...prefix, 0])
  return []
}

const formOf = (value: unknown) =>
  new URLSearchParams(
    Object.entries(value && typeof value === 'object' ? value : {}).map(([key, item]): [string, string] => [
      key,
      typeof item === 'string' ? item : toJson(item),
    ]),
  ).toString()

/** Bodies that are not the JSON the operation expects, whatever its schema. */
export function bodyReplacements(op: Operation, base: Baseline): Case['body'][] {
  if (!canCarryBody(op)) return []
  const json = toJson(base.body ?? {})
  return [
    { json: null },
    { json: [] },
    { json: 'a string' },
    { json: 12 },
    { json: true },
    { json: [base.body ?? {}] },
    { json: deepArrays },
    { json: deepObjects },
    { raw: '{', contentType: 'application/json' },
    { raw: '{"a":1,}', contentType: 'application/json' },
    { raw: "{'a':1}", contentType: 'application/json' },
    { raw: 'NaN', contentType: 'application/json' },
    { raw: '', contentType: 'application/json' },
    { raw: '   ', contentType: 'application/json' },
    { raw: `\ufeff${json}`, contentType: 'application/json' },
    { raw: `"${'a'.repeat(300_000)}"`, contentType: 'application/json' },
    { raw: json, contentType: 'text/plain' },
    { raw: formOf(base.body), contentType: 'application/x-www-form-urlencoded' },
    {
      raw: `--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n`,
      contentType: 'multipart/form-data; boundary=x',
    },
    { raw: '<a>1</a>', contentType: 'application/xml' },
    { raw: json, contentType: 'application/json; charset=utf-16' },
    { raw: new TextEncoder().encode(json), contentType: null },
  ]
}

const describeBody = (body: Case['body']) => {
  if (!body) return 'no body'
  if ('json' in body) return `JSON ${clip(toJson(body.json))}`
  const text = typeof body.raw === 'string' ? body.raw : new TextDecoder().decode(body.raw)
  return `${body.contentType ?? 'no content-type'} ${clip(text)}`
}

export const clip = (text: string, length = 60) => {
  const shown = JSON.stringify(
    text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text,
  )
  return shown.slice(1, -1)
}

/** `value` pushed to the edge of `schema`: numbers at their bound, lists at their longest (or shortest), free strings at their length limit. */
export function extremeOf(
  schema: Schema | undefined,
  value: unknown,
  end: 'max' | 'min',
  longestList = 10_000,
): unknown {
  if (!schema || schema.enum || schema.anyOf || schema.oneOf) return value
  switch (schema.type) {
    case 'integer':
    case 'number':
      return (end === 'max' ? schema.maximum : schema.minimum) ?? value
    case 'string':
      if (schema.pattern || schema.format) return value
      return 'a'.repeat(end === 'max' ? (schema.maxLength ?? 1000) : (schema.minLength ?? 0))
    case 'array': {
      const item = extremeOf(schema.items, Array.isArray(value) ? value[0] : undefined, end, longestList)
      const length = end === 'max' ? Math.min(schema.maxItems ?? 100, longestList) : (schema.minItems ?? 0)
      return item === undefined ? value : Array.from({ length }, () => item)
    }
    case 'object': {
      if (!value || typeof value !== 'object') return value
      const properties = schema.properties ?? {}
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, extremeOf(properties[key], item, end, longestList)]),
      )
    }
    default:
      return value
  }
}

/**
 * `value` with every free string (no enum, pattern or format) made unique by `n`, so a field that
 * deduplicates (a report id, a name) does not turn every case after the first into a replay.
 */
export function freshen(schema: Schema | undefined, value: unknown, n: number): unknown {
  if (!schema || schema.enum || schema.anyOf || schema.oneOf) return value
  if (schema.type === 'string' && typeof value === 'string' && !schema.pattern && !schema.format) {
    const suffix = `-${n}`
    return `${value.slice(0, Math.max((schema.maxLength ?? 64) - suffix.length, 0))}${suffix}`
  }
  if (schema.type === 'array' && Array.isArray(value))
    return value.map((item) => freshen(schema.items, item, n))
  if (schema.type === 'object' && value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, freshen(schema.properties?.[key], item, n)]),
    )
  return value
}

/** The hand-written sweep: each hostile value in each parameter and body slot, one at a time. */
export function systematicCases(op: Operation, first: Baseline, pool: readonly string[] = []): Case[] {
  const cases: Case[] = [caseOf(first)]
  let base = first
  const put = (label: string, change: (c: Case) => void) => {
    base = { ...first, body: freshen(op.body ?? undefined, first.body, cases.length) }
    const c = caseOf(base)
    change(c)
    cases.push({ ...c, label })
  }
  for (const param of op.pathParams) {
    const valid = base.params[param.name] ?? ''
    for (const value of [
      ...coreUrlValues(param.schema),
      { label: 'valid value + NUL', text: `${valid}\u0000` },
      { label: 'valid value padded to 101 chars', text: valid.padEnd(101, 'z') },
      { label: 'valid value upper-cased', text: valid.toUpperCase() },
    ])
      put(`path ${param.name}=${value.label}`, (c) => {
        c.params[param.name] = value
      })
  }
  const setQuery = (c: Case, name: string, values: (UrlValue | null)[]) => {
    c.query = [
      ...c.query.filter(([key]) => key !== name),
      ...values.map((value) => [name, value] as Case['query'][0]),
    ]
  }
  for (const param of op.query) {
    const valid = base.query[param.name] ?? 'x'
    for (const value of coreUrlValues(param.schema))
      put(`query ${param.name}=${value.label}`, (c) => setQuery(c, param.name, [value]))
    put(`query ${param.name} repeated`, (c) =>
      setQuery(c, param.name, [
        { label: '', text: valid },
        { label: '', text: valid },
      ]),
    )
    put(`query ${param.name} without =`, (c) => setQuery(c, param.name, [null]))
    put(`query ${param.name}[]`, (c) => {
      setQuery(c, param.name, [])
      c.query.push([`${param.name}[]`, { label: '', text: valid }])
    })
    put(`query ${param.name}[a]`, (c) => {
      setQuery(c, param.name, [])
      c.query.push([`${param.name}[a]`, { label: '', text: valid }])
    })
    if (param.isRequired) put(`query ${param.name} missing`, (c) => setQuery(c, param.name, []))
  }
  for (const name of EXTRA_NAMES)
    put(`unknown query ${clip(name, 12)}`, (c) =>
      c.query.push([percentEncode(name), { label: '', text: '1' }]),
    )
  put('unknown query constructor[prototype][x]', (c) =>
    c.query.push(['constructor[prototype][x]', { label: '', text: '1' }]),
  )

  if (op.body) {
    for (const slot of slotsOf(op.body))
      for (const value of coreBodyValues(schemaAt(op.body, slot)))
        put(`body ${slotName(slot)}=${value.label}`, (c) => {
          c.body = { json: withSlot(base.body, slot, value.value) }
        })
    for (const slot of requiredSlots(op.body))
      put(`body ${slotName(slot)} missing`, (c) => {
        c.body = { json: withSlot(base.body, slot, undefined, true) }
      })
    for (const name of EXTRA_NAMES)
      put(`body unknown field ${clip(name, 12)}`, (c) => {
        c.body = { json: withSlot(base.body, [name], 'x') }
      })
  }
  // At the edges of the schema; then once with each owned id in every id field and each value of
  // the first enum field, so the largest numbers land on every real subject, in the longest lists
  // (one request overflows) and in lists of ten (many requests add up past what a reply can carry).
  const body = op.body ?? undefined
  const slotSchemas = slotsOf(body).map((slot) => [slot, schemaAt(body, slot) ?? {}] as const)
  const idSlots = slotSchemas.filter(
    ([, schema]) => schema.type === 'string' && (schema.pattern ?? schema.format),
  )
  const [enumSlot, enumSchema] = slotSchemas.find(([, schema]) => schema.enum) ?? [
    undefined,
    { enum: [undefined] },
  ]
  const ids = pool.filter((id) => idSlots.some(([, schema]) => fitsString(schema, id)))
  const edges = [
    { end: 'max', label: '' },
    { end: 'min', label: '' },
    ...[10_000, 10].flatMap((longestList) =>
      ids.flatMap((id) =>
        (enumSchema.enum ?? []).map((choice) => ({
          end: 'max',
          id,
          choice,
          longestList,
          label: ` with ${id}, ${choice}, lists of ${longestList}`,
        })),
      ),
    ),
  ] as { end: 'max' | 'min'; id?: string; choice?: unknown; longestList?: number; label: string }[]
  for (const { end, id, choice, longestList, label } of edges)
    put(`every parameter and field at its schema ${end}imum${label}`, (c) => {
      c.query = Object.entries(base.query).map(([name, value]) => {
        const schema = op.query.find((param) => param.name === name)?.schema
        return [name, { label: '', text: String(extremeOf(schema, value, end)) }]
      })
      let json = base.body
      for (const [slot] of id ? idSlots : []) json = withSlot(json, slot, id)
      if (id && enumSlot) json = withSlot(json, enumSlot, choice)
      if (body) c.body = { json: freshen(body, extremeOf(body, json, end, longestList), cases.length) }
    })
  for (const body of bodyReplacements(op, base))
    put(`body ${describeBody(body)}`, (c) => {
      c.body = body
    })
  if (op.method === 'POST')
    for (const value of HOSTILE_HEADERS['idempotency-key'] ?? [])
      put(`header idempotency-key: ${clip(value, 20)}`, (c) => {
        c.headers['idempotency-key'] = value
      })
  put('headers accept-language and currencycode of 5000 chars', (c) => {
    c.headers['accept-language'] = 'a'.repeat(5000)
    c.headers.currencycode = 'a'.repeat(5000)
  })
  put('headers accept-language and currencycode odd', (c) => {
    c.headers['accept-language'] = 'zh-CN;q=abc'
    c.headers.currencycode = 'ÿ'
  })
  return cases
}

// ---- random cases ---------------------------------------------------------------------------

const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
  maxLength: 40,
})

const hostileValueArb: fc.Arbitrary<Hostile> = fc.oneof(
  { arbitrary: fc.constantFrom(...ALL_BODY_VALUES), weight: 4 },
  codeUnits.map((value) => hostile(`random string "${clip(value, 20)}"`, value)),
  fc
    .double()
    .map((n) => (Number.isFinite(n) ? hostile(`number ${n}`, n) : hostile('1e309', new RawJson('1e309')))),
  fc
    .bigInt({ min: -(2n ** 80n), max: 2n ** 80n })
    .map((n) => hostile(`integer ${n}`, new RawJson(n.toString()))),
  fc.date({ noInvalidDate: true }).map((date) => hostile(`date ${date.toISOString()}`, date.toISOString())),
  fc.jsonValue({ maxDepth: 3 }).map((value) => hostile(`JSON ${clip(JSON.stringify(value), 30)}`, value)),
)

const hostileUrlArb: fc.Arbitrary<UrlValue> = fc.oneof(
  { arbitrary: fc.constantFrom(...ALL_URL_VALUES), weight: 3 },
  codeUnits.map((text) => ({ label: `random "${clip(text, 20)}"`, text })),
  fc.date({ noInvalidDate: true }).map((date) => ({ label: date.toISOString(), text: date.toISOString() })),
)

type Mutation = { label: string; apply: (c: Case, base: Baseline) => void }

/** Up to three mutations of a schema-valid baseline, drawn by fast-check. */
export function randomCaseArb(
  op: Operation,
  pool: readonly string[],
  allNames: readonly string[],
): fc.Arbitrary<Case> {
  const mutations: fc.Arbitrary<Mutation>[] = []
  if (op.pathParams.length > 0)
    mutations.push(
      fc.tuple(fc.constantFrom(...op.pathParams), hostileUrlArb).map(([param, value]) => ({
        label: `path ${param.name}=${value.label}`,
        apply: (c) => {
          c.params[param.name] = value
        },
      })),
    )
  if (op.query.length > 0)
    mutations.push(
      fc.tuple(fc.constantFrom(...op.query), hostileUrlArb).map(([param, value]) => ({
        label: `query ${param.name}=${value.label}`,
        apply: (c) => {
          c.query = [...c.query.filter(([name]) => name !== param.name), [param.name, value]]
        },
      })),
    )
  mutations.push(
    fc.tuple(fc.constantFrom(...EXTRA_NAMES, ...allNames), hostileUrlArb).map(([name, value]) => ({
      label: `query ${clip(name, 12)}=${value.label}`,
      apply: (c) => {
        c.query.push([percentEncode(name), value])
      },
    })),
  )
  const slots = slotsOf(op.body)
  if (slots.length > 0)
    mutations.push(
      fc.tuple(fc.constantFrom(...slots), hostileValueArb).map(([slot, value]) => ({
        label: `body ${slotName(slot)}=${value.label}`,
        apply: (c) => {
          c.body = { json: withSlot(c.body && 'json' in c.body ? c.body.json : {}, slot, value.value) }
        },
      })),
    )
  if (canCarryBody(op))
    mutations.push(
      fc.tuple(fc.constantFrom(...EXTRA_NAMES, ...allNames), hostileValueArb).map(([name, value]) => ({
        label: `body field ${clip(name, 12)}=${value.label}`,
        apply: (c) => {
          c.body = { json: withSlot(c.body && 'json' in c.body ? c.body.json : {}, [name], value.value) }
        },
      })),
      fc.integer({ min: 0, max: 21 }).map((index) => ({
        label: `body #${index}`,
        apply: (c, base) => {
          const body = bodyReplacements(op, base)[index]
          c.body = body
        },
      })),
    )
  mutations.push(
    fc
      .constantFrom(
        ...Object.entries(HOSTILE_HEADERS).flatMap(([name, values]) => values.map((value) => [name, value])),
      )
      .map(([name = '', value = '']) => ({
        label: `header ${name}: ${clip(value, 20)}`,
        apply: (c) => {
          c.headers[name] = value
        },
      })),
  )
  return fc
    .tuple(baselineArb(op, pool), fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 }))
    .map(([base, chosen]) => {
      const c = caseOf(base)
      for (const mutation of chosen) mutation.apply(c, base)
      return { ...c, label: `random: ${chosen.map((mutation) => mutation.label).join(' + ')}` }
    })
}

/** The path, query and body of a case as fetch wants them. */
export function requestOf(op: Operation, c: Case) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = c.params[name]
    return value ? urlText(value) : ''
  })
  const query = c.query
    .map(([name, value]) => (value === null ? name : `${name}=${urlText(value)}`))
    .join('&')
  const headers: Record<string, string> = { ...c.headers }
  let body: string | Uint8Array | undefined
  if (c.body && 'json' in c.body) {
    body = toJson(c.body.json)
    headers['content-type'] = 'application/json'
  } else if (c.body) {
    body = c.body.raw
    if (c.body.contentType) headers['content-type'] = c.body.contentType
  }
  return { url: query ? `${path}?${query}` : path, headers, body }
}

/** The label of the input, with the whole URL when a parameter was broken. */
export const describeCase = (op: Operation, c: Case) => {
  const { url } = requestOf(op, c)
  return `${c.label} [${clip(url, 120)}]`
}
