// Error toasts for non-React code (the HTTP interceptors). Static antd message keeps the antd App
// component (and with it Modal) out of the first chunk; app/providers makes it follow theme and locale.
// message itself loads with the first toast, so the first paint does not carry it.

/** The key collapses identical errors raised by parallel requests into one toast. */
export const notifyError = (text: string, key: string): void => {
  void import('antd/es/message').then(({ default: message }) => message.error({ content: text, key }))
}
