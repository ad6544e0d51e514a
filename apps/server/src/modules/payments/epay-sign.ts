// EPay signatures (DESIGN §7): drop sign, sign_type and empty values; sort keys by ASCII;
// join k=v with & without URL-encoding; append the merchant key; MD5, lowercase hex.
import { createHash, timingSafeEqual } from 'node:crypto'
import { centsToAmount } from '@proxy/contract/money'

export type EpayParams = Record<string, string | undefined>

export function epaySign(params: EpayParams, key: string): string {
  const text = Object.keys(params)
    .filter(
      (name) => name !== 'sign' && name !== 'sign_type' && params[name] !== undefined && params[name] !== '',
    )
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex')
}

export function isEpaySignatureValid(params: EpayParams, key: string): boolean {
  const given = params.sign
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'utf8'), Buffer.from(epaySign(params, key), 'utf8'))
}

export const withEpaySignature = (
  params: EpayParams,
  key: string,
): Record<string, string> & { sign: string; sign_type: string } => {
  const defined = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  return { ...defined, sign: epaySign(defined, key), sign_type: 'MD5' }
}

/** EPay carries money as a decimal string; only plain amounts with up to 2 decimals are accepted. */
export function parseEpayMoney(money: string | undefined): number | null {
  if (!money || !/^\d{1,9}(\.\d{1,2})?$/.test(money)) return null
  const [units = '0', fraction = ''] = money.split('.')
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'))
}

export const formatEpayMoney = (cents: number) => centsToAmount(cents).toFixed(2)
