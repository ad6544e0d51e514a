// Top of the story panel: logo, docs link and language switch, then the headline.
import { ReadOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx'
import { Logo } from '../../../shared/ui/logo.tsx'
import styles from './portal-brand.module.css'

export const PortalBrand = () => {
  const { t } = useTranslation('portal')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXL}>
      <Flex align="center" justify="space-between" gap={token.marginSM}>
        <Link to="/portal/home" style={{ display: 'flex' }}>
          <Logo inverted />
        </Link>
        <Flex align="center" gap={token.marginXXS}>
          <Button
            type="text"
            href="/api/docs"
            target="_blank"
            icon={<ReadOutlined />}
            style={{ color: '#fff' }}
          >
            <span className={styles.docsLabel}>{t('nav.docs')}</span>
          </Button>
          <LanguageSwitch />
        </Flex>
      </Flex>
      <Flex vertical gap={token.marginSM} style={{ maxWidth: 640 }}>
        <span style={{ color: '#adc6ff', fontWeight: 500, letterSpacing: 1 }}>{t('hero.eyebrow')}</span>
        <h1
          style={{
            fontWeight: 700,
            color: '#fff',
            margin: 0,
            fontSize: 'clamp(26px, 2.6vw, 38px)',
            lineHeight: 1.25,
          }}
        >
          <span style={{ display: 'block' }}>{t('hero.titleLead')}</span>
          <span style={{ display: 'block', color: '#adc6ff' }}>{t('hero.titleRest')}</span>
        </h1>
        <p style={{ color: 'rgba(255,255,255,0.75)', fontSize: token.fontSizeLG, margin: 0 }}>
          {t('hero.subtitle')}
        </p>
      </Flex>
    </Flex>
  )
}
