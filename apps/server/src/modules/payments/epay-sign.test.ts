import { describe, expect, it } from 'vitest'
import { epaySign, isEpaySignatureValid, parseEpayMoney, withEpaySignature } from './epay-sign.ts'

// Expected digests computed independently (Python hashlib) from the rule in DESIGN §7.
describe('EPay signature', () => {
  it('matches known answers, with Chinese names, spaces and empty values dropped', () => {
    const params = {
      pid: '1001',
      type: 'alipay',
      out_trade_no: '20160806151343349',
      notify_url: 'http://www.pay.com/notify_url.php',
      return_url: 'http://www.pay.com/return_url.php',
      name: 'VIP会员',
      money: '1.00',
      sign_type: 'MD5',
      sitename: '',
    }
    expect(epaySign(params, 'abc')).toBe('312a83a369abef9f7f4ada05a43e61fa')
    const spaced = {
      pid: '1000',
      name: 'Top up 12.50 with spaces',
      money: '12.50',
      out_trade_no: 'T20261122ABCDEFGHJK',
      sign: 'ignored',
      empty: '',
    }
    expect(epaySign(spaced, 'sandbox-only-key-0123456789')).toBe('a80e059d64247aa6e9edf08e277e1d88')
  })

  it('verifies its own signatures and refuses tampering, in any case of hex', () => {
    const signed = withEpaySignature({ pid: '1', money: '9.90', name: '测试' }, 'k'.repeat(16))
    expect(isEpaySignatureValid(signed, 'k'.repeat(16))).toBe(true)
    expect(isEpaySignatureValid({ ...signed, sign: signed.sign.toUpperCase() }, 'k'.repeat(16))).toBe(true)
    expect(isEpaySignatureValid({ ...signed, money: '99.00' }, 'k'.repeat(16))).toBe(false)
    expect(isEpaySignatureValid(signed, 'x'.repeat(16))).toBe(false)
    expect(isEpaySignatureValid({ ...signed, sign: undefined }, 'k'.repeat(16))).toBe(false)
    expect(isEpaySignatureValid({ ...signed, sign: 'short' }, 'k'.repeat(16))).toBe(false)
  })

  it('reads money strictly', () => {
    expect(parseEpayMoney('12.50')).toBe(1250)
    expect(parseEpayMoney('12.5')).toBe(1250)
    expect(parseEpayMoney('7')).toBe(700)
    for (const bad of ['', '1.005', '-1', '1e3', ' 1', '0x10', '1,00', undefined])
      expect(parseEpayMoney(bad)).toBeNull()
  })
})
