// The server's refusal under a form, in addition to the global toast.
import { Alert } from 'antd'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'

export const FormError = ({ error }: { error: unknown }) => {
  if (!isApiError(error)) return null
  return (
    <Alert
      type="error"
      showIcon
      title={describeApiError(error)}
      style={{ marginBottom: 16 }}
      data-testid="form-error"
    />
  )
}
