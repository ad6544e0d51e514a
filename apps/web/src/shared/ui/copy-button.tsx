// Copies a value and confirms it in place ("已复制" / "Copied") for a moment.
import { CheckOutlined, CopyOutlined } from '@ant-design/icons'
import { App, Button, type ButtonProps } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../lib/copy-text.ts'

type Props = { value: string; size?: ButtonProps['size']; type?: ButtonProps['type'] }

export const CopyButton = ({ value, size = 'small', type = 'default' }: Props) => {
  const { t } = useTranslation()
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

  return (
    <Button size={size} type={type} icon={isCopied ? <CheckOutlined /> : <CopyOutlined />} onClick={onCopy}>
      {isCopied ? t('actions.copied') : t('actions.copy')}
    </Button>
  )
}
