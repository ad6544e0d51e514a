// Passwords that attackers try first; refused at registration and password change.
const COMMON = `
12345678 123456789 1234567890 password password1 password123 passw0rd qwerty123 qwertyuiop
11111111 00000000 88888888 66666666 12341234 87654321 abcd1234 abc12345 a1234567 aa123456
1q2w3e4r 1qaz2wsx qazwsxedc zxcvbnm123 iloveyou admin123 administrator welcome1 letmein1
sunshine princess football baseball dragon123 monkey123 trustno1 superman batman123 starwars
woaini1314 5201314520 woaiwojia 123123123 147258369 123456abc abcdefgh qwertyui asdfghjk
zxcvbnm1 changeme default1 secret123 test1234 testtest p@ssw0rd p@ssword master123 shadow123
`

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean))

export const isCommonPassword = (password: string, email?: string) => {
  const lowered = password.toLowerCase()
  return COMMON_PASSWORDS.has(lowered) || (email !== undefined && lowered === email.toLowerCase())
}
