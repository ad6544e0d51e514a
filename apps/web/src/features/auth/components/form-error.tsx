// The server's refusal on top of a form: the one place it shows (the form's calls are silent, no toast).
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
