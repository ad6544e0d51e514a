// Error toasts for non-React code (the HTTP interceptors). Static antd message keeps the antd App
// component (and with it Modal) out of the first chunk; app/providers makes it follow theme and locale.
import { message } from 'antd'

/** The key collapses identical errors raised by parallel requests into one toast. */
export const notifyError = (text: string, key: string): void => {
  void message.error({ content: text, key })
}
