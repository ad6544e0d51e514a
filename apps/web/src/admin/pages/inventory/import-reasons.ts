// Why the server refused an import row, in the reader's language. The server answers in English with a
// few fixed forms (modules/static-ip checkInventoryRows); an unknown form is shown as it came.
import type { AdminKey, AdminT } from '../../app/i18n.ts'
import type { LocalProblem } from './import-csv.ts'

const FORMS: readonly [RegExp, AdminKey][] = [
  [/^unknown region "(.*)"$/, 'inventory.import.reasons.region'],
  [/^"(.*)" is not an IP address$/, 'inventory.import.reasons.ip'],
  [/^"(.*)" is not a port$/, 'inventory.import.reasons.port'],
  [/^no node$/, 'inventory.import.reasons.node'],
  [/^"(.*)" is not a purpose \(static or pool\)$/, 'inventory.import.reasons.purpose'],
  [/^(.*) appears twice in the file$/, 'inventory.import.reasons.twice'],
  [/^(.*) is already in the inventory$/, 'inventory.import.reasons.taken'],
]

export const describeReject = (t: AdminT, reason: string): string => {
  for (const [form, key] of FORMS) {
    const match = form.exec(reason)
    if (match) return t(key, { value: match[1] ?? '' })
  }
  return reason
}

export const describeProblem = (t: AdminT, problem: LocalProblem, port: string): string =>
  problem === 'port'
    ? t('inventory.import.reasons.port', { value: port })
    : t(`inventory.import.local.${problem}`)
