// A valid request for each team write (invitations, roles, disable and enable), from a fresh state:
// the audit test in admin-routes.test.ts drives every one and checks its audit row. The helpers walk
// an invitation as the console and the invitee's browser do (team.test.ts uses them too).
import { randomUUID } from 'node:crypto'
import type { AcceptedInvitation, CreatedInvitation, InvitationView } from '@proxy/contract/admin/operators'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { Secret, TOTP } from 'otpauth'
import type { Drive } from '../operators.ts'
import { createOperator, signInOperator } from '../operators.ts'
import type { TestServer } from '../test-server.ts'

/** The code an authenticator enrolled with `secret` shows at `timestamp` (the defaults every app uses). */
export const codeFor = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp })

export const inviteeEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.com`

/** An owner's invitation: the token of its link and the invitation. */
export async function invited(server: TestServer, cookie: string, role: OperatorRole = 'support') {
  const answer = await server.call<CreatedInvitation>('POST', '/api/admin/operators/invitations', {
    headers: { cookie },
    body: { email: inviteeEmail(), role },
  })
  if (answer.status !== 200) throw new Error(`invitation not made: ${JSON.stringify(answer.body)}`)
  const token = answer.body.data.link.split('/').pop() ?? ''
  return { token, invitation: answer.body.data.invitation }
}

/** Opens the link (the secret is enrolled) and accepts it with a password and the current code. */
export async function accepted(server: TestServer, token: string, password = 'a long fine passphrase') {
  const opened = await server.call<InvitationView>('GET', `/api/admin/invitations/${token}`)
  if (opened.status !== 200) throw new Error(`invitation not opened: ${JSON.stringify(opened.body)}`)
  const answer = await server.call<AcceptedInvitation>('POST', `/api/admin/invitations/${token}/accept`, {
    body: { password, totp: codeFor(opened.body.data.secret) },
  })
  return { answer, secret: opened.body.data.secret, password, email: opened.body.data.email }
}

export function writes(server: TestServer): Record<string, Drive> {
  // One owner for every drive, signed in at the first: each sign-in hashes, and the audit test is timed.
  let ownerCookie: Promise<string> | null = null
  const owner = () => {
    ownerCookie ??= signInOperator(server, 'owner').then((signedIn) => signedIn.cookie)
    return ownerCookie
  }
  return {
    'POST /api/admin/operators/invitations': async () =>
      server.call('POST', '/api/admin/operators/invitations', {
        headers: { cookie: await owner() },
        body: { email: inviteeEmail(), role: 'finance' },
      }),
    'POST /api/admin/operators/invitations/:id/revoke': async () => {
      const cookie = await owner()
      const { invitation } = await invited(server, cookie)
      return server.call('POST', `/api/admin/operators/invitations/${invitation.id}/revoke`, {
        headers: { cookie },
      })
    },
    'POST /api/admin/operators/:id/role': async () => {
      const operator = await createOperator(server, 'support')
      return server.call('POST', `/api/admin/operators/${operator.id}/role`, {
        headers: { cookie: await owner() },
        body: { role: 'finance' },
      })
    },
    'POST /api/admin/operators/:id/disable': async () => {
      const operator = await createOperator(server, 'support')
      return server.call('POST', `/api/admin/operators/${operator.id}/disable`, {
        headers: { cookie: await owner() },
      })
    },
    'POST /api/admin/operators/:id/enable': async () => {
      const operator = await createOperator(server, 'support')
      const cookie = await owner()
      await server.call('POST', `/api/admin/operators/${operator.id}/disable`, { headers: { cookie } })
      return server.call('POST', `/api/admin/operators/${operator.id}/enable`, { headers: { cookie } })
    },
    'POST /api/admin/invitations/:token/accept': async () => {
      const { token } = await invited(server, await owner())
      return (await accepted(server, token)).answer
    },
  }
}
