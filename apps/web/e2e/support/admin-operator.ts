// The operator `npm run cli -- admin:create` prints once (one-time password, otpauth:// URI, recovery codes),
// and the authenticator codes a test computes from it.
import * as OTPAuth from 'otpauth'

export type AdminOperator = { email: string; password: string; totpUri: string; recoveryCodes: string[] }

/** Reads the CLI's printout; throws when a part is missing rather than letting a journey fail later. */
export const parseAdminCreate = (email: string, stdout: string): AdminOperator => {
  const password = /One-time password:\s*(\S+)/.exec(stdout)?.[1]
  const totpUri = /Authenticator:\s*(otpauth:\/\/\S+)/.exec(stdout)?.[1]
  const recoveryCodes = stdout
    .slice(stdout.indexOf('Recovery codes'))
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => /^[0-9a-z]{5}-[0-9a-z]{5}$/i.test(line))
  if (!password || !totpUri || recoveryCodes.length === 0)
    throw new Error(`admin:create printed no password, URI or recovery codes:\n${stdout}`)
  return { email, password, totpUri, recoveryCodes }
}

const totpOf = (uri: string) => {
  const otp = OTPAuth.URI.parse(uri)
  if (!(otp instanceof OTPAuth.TOTP)) throw new Error('the enrolment URI is not a TOTP one')
  return otp
}

/** The authenticator's code for now. */
export const totpNow = (uri: string): string => totpOf(uri).generate()

/** A code of the right shape that the authenticator does not show now nor in the steps either side. */
export const wrongTotp = (uri: string): string => {
  const otp = totpOf(uri)
  const near = new Set(
    [-1, 0, 1].map((step) => otp.generate({ timestamp: Date.now() + step * otp.period * 1000 })),
  )
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0')
    if (!near.has(code)) return code
  }
}
