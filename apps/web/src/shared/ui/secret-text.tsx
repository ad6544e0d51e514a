// A password shown as dots until revealed, with its copy button.
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Flex, Tooltip, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from './copy-button.tsx'

export const SecretText = ({ value, isCompact = false }: { value: string; isCompact?: boolean }) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const [isRevealed, setIsRevealed] = useState(false)
  return (
    <Flex align="center" gap={token.marginXXS} style={{ whiteSpace: 'nowrap' }}>
      <span
        style={{ fontFamily: token.fontFamilyCode, minWidth: isCompact ? 64 : 96 }}
        data-testid="secret-value"
      >
        {isRevealed ? value : '••••••••'}
      </span>
      <Tooltip title={t(isRevealed ? 'list.hide' : 'list.reveal')}>
        <Button
          size="small"
          type="text"
          aria-label={t(isRevealed ? 'list.hide' : 'list.reveal')}
          icon={isRevealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setIsRevealed(!isRevealed)}
        />
      </Tooltip>
      <CopyButton value={value} type="text" iconOnly={isCompact} />
    </Flex>
  )
}
