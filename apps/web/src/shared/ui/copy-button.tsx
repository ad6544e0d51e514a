// Copies a value and confirms it in place ("已复制" / "Copied") for a moment, only once the clipboard took it.
// `iconOnly` suits dense tables: the confirmation then shows as a check mark and a tooltip.
import { CheckOutlined, CopyOutlined } from '@ant-design/icons'
import { App, Button, type ButtonProps, Tooltip, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../lib/copy-text.ts'

type Props = { value: string; size?: ButtonProps['size']; type?: ButtonProps['type']; iconOnly?: boolean }

export const CopyButton = ({ value, size = 'small', type = 'default', iconOnly = false }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const [isCopied, setIsCopied] = useState(false)

  useEffect(() => {
    if (!isCopied) return
    const timer = setTimeout(() => setIsCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [isCopied])

  const onCopy = async () => {
    if (await copyText(value)) setIsCopied(true)
    else void message.error(t('actions.copyFailed'))
  }

  const label = isCopied ? t('actions.copied') : t('actions.copy')
  if (iconOnly)
    return (
      <Tooltip title={label} {...(isCopied ? { open: true } : {})}>
        <Button
          size={size}
          type={type}
          aria-label={label}
          icon={isCopied ? <CheckOutlined style={{ color: token.colorSuccess }} /> : <CopyOutlined />}
          onClick={onCopy}
        />
      </Tooltip>
    )
  return (
    <Button size={size} type={type} icon={isCopied ? <CheckOutlined /> : <CopyOutlined />} onClick={onCopy}>
      {label}
    </Button>
  )
}
