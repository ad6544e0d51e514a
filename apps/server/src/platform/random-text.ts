// Random strings drawn from an alphabet, each character uniform: crypto.randomInt rejects the
// out-of-range draws that `byte % alphabet.length` would fold onto the first letters.
import { randomInt } from 'node:crypto'

/** `length` characters of `alphabet`, each drawn uniformly from a cryptographic source. */
export const randomText = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')
