// What an operator signs in with, built from the auth module's primitives on the operators' own tables:
// `op_` sessions of at most 12 h that end after 30 min idle, recovery codes, and authenticator codes
// taken only after the last one taken (a code is good once, and never after a later one).
import {
  OPERATOR_SESSION_IDLE_MINUTES,
  OPERATOR_SESSION_MAX_HOURS,
  OPERATOR_TOKEN_PREFIX,
} from '@proxy/contract/admin/auth'
import { createRecoveryCodeStore, createSessionStore, laterStepGuard } from '../auth/index.ts'
import { operatorRecoveryCodes, operatorSessions, operators } from './admin.schema.ts'

export const operatorSessionStore = createSessionStore({
  table: operatorSessions,
  owner: { column: operatorSessions.operatorId, key: 'operatorId' },
  prefix: OPERATOR_TOKEN_PREFIX,
  maxMs: OPERATOR_SESSION_MAX_HOURS * 3600 * 1000,
  idleMs: OPERATOR_SESSION_IDLE_MINUTES * 60 * 1000,
})

export const operatorRecovery = createRecoveryCodeStore({
  table: operatorRecoveryCodes,
  owner: { column: operatorRecoveryCodes.operatorId, key: 'operatorId' },
})

export const operatorTotpReplay = laterStepGuard(operators, operators.id, {
  column: operators.totpLastStep,
  key: 'totpLastStep',
})
