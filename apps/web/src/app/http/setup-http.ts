// Wires the shared axios instance to the app: cookie token, toasts, and session end on 401.

import { notifyError } from '../../shared/feedback/notifier.ts'
import { http } from '../../shared/http/client.ts'
import { describeApiError } from '../../shared/http/describe-error.ts'
import { getToken } from '../../shared/session/token.ts'
import { endSession, type Navigate } from '../session/end-session.ts'
import { installInterceptors } from './interceptors.ts'

export const setupHttp = (navigate: Navigate): void => {
  installInterceptors(http, {
    getToken,
    describe: describeApiError,
    notifyError,
    onUnauthorized: () => void endSession({ notifyServer: false, navigate }),
  })
}
