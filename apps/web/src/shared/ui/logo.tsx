// The product mark and name; the mark is the favicon drawn inline.
import { Flex, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { LogoMark } from './logo-mark.tsx'

type Props = { showName?: boolean; size?: number; inverted?: boolean }

export const Logo = ({ showName = true, size = 32, inverted = false }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Flex align="center" gap={token.marginXS}>
      <LogoMark size={size} />
      {showName && (
        <span
          style={{
            fontSize: token.fontSizeLG,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            color: inverted ? '#fff' : token.colorText,
          }}
        >
          {t('product.name')}
        </span>
      )}
    </Flex>
  )
}
