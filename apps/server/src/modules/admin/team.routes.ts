// The operator API for the team (owners only, `operators.manage`), and the invitee's two public
// calls, counted per address (and per link) as sign-in is.
import {
  acceptInvitation,
  changeOperatorRole,
  disableOperator,
  enableOperator,
  inviteOperator,
  listTeam,
  openInvitation,
  revokeInvitation,
} from '@proxy/contract/admin/operators'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { clientOf, sealerFor } from '../auth/index.ts'
import * as invitations from './invitations.service.ts'
import { setSessionCookie } from './operator-auth.ts'
import * as team from './team.service.ts'

export async function teamRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const sealer = sealerFor(config, app.log)
  const limits = {
    perAccountAndAddress: config.LOGIN_LIMIT_PER_ACCOUNT,
    perAccount: config.LOGIN_LIMIT_PER_ACCOUNT_ALL,
    perAddress: config.LOGIN_LIMIT_PER_IP,
  }

  mount(app, listTeam, () => team.listTeam(db))
  mount(app, inviteOperator, ({ operator, body, request }) =>
    invitations.invite(db, operator, body, request.ip),
  )
  mount(app, revokeInvitation, ({ operator, params, request }) =>
    invitations.revokeInvitation(db, operator, params.id, request.ip),
  )
  mount(app, changeOperatorRole, ({ operator, params, body, request }) =>
    team.changeRole(db, operator, params.id, body.role, request.ip),
  )
  mount(app, disableOperator, ({ operator, params, request }) =>
    team.setDisabled(db, operator, params.id, true, request.ip),
  )
  mount(app, enableOperator, ({ operator, params, request }) =>
    team.setDisabled(db, operator, params.id, false, request.ip),
  )

  mount(app, openInvitation, ({ params, request }) =>
    invitations.openInvitation(db, sealer, params.token, request.ip, limits),
  )
  mount(app, acceptInvitation, async ({ params, body, request, reply }) => {
    const accepted = await invitations.acceptInvitation(
      db,
      sealer,
      params.token,
      body,
      clientOf(request),
      limits,
    )
    setSessionCookie(request, reply, accepted.session)
    return { operator: accepted.operator, recoveryCodes: accepted.recoveryCodes }
  })
}
