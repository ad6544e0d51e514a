// A password shown as dots until revealed, with its copy button (which always copies the real one).
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from './copyable-code.tsx'

export const MASK = '••••••••'

type RevealProps = { isRevealed: boolean; onToggle: () => void; 'data-testid'?: string }

export const RevealButton = ({ isRevealed, onToggle, ...rest }: RevealProps) => {
  const { t } = useTranslation()
  const label = t(isRevealed ? 'actions.hidePassword' : 'actions.showPassword')
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={isRevealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={onToggle}
        data-testid={rest['data-testid']}
      />
    </Tooltip>
  )
}

export const SecretText = ({ value, isCompact = false }: { value: string; isCompact?: boolean }) => {
  const [isRevealed, setIsRevealed] = useState(false)
  return (
    <CopyableCode
      value={value}
      shown={isRevealed ? value : MASK}
      iconOnly={isCompact}
      // The row keeps its width when the dots turn into the password.
      style={{ minWidth: isCompact ? 64 : 96 }}
      data-testid="secret-value"
    >
      <RevealButton isRevealed={isRevealed} onToggle={() => setIsRevealed(!isRevealed)} />
    </CopyableCode>
  )
}
