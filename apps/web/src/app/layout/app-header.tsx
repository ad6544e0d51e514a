// The console header: page title (or menu button and logo on small screens), balance, language, account.
import { MenuOutlined } from '@ant-design/icons'
import { Button, Flex, Layout, theme } from 'antd'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { WalletTag } from '../../features/wallet/components/wallet-tag.tsx'
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx'
import { LogoMark } from '../../shared/ui/logo-mark.tsx'
import { Title } from '../../shared/ui/text.tsx'
import type { RouteMeta } from '../routing/route-meta.ts'
import { UserMenu } from './user-menu.tsx'

type Props = {
  meta: RouteMeta | undefined
  isMobile: boolean
  onOpenMenu: () => void
  refs: { menuButton: Ref<HTMLButtonElement>; wallet: Ref<HTMLSpanElement>; avatar: Ref<HTMLSpanElement> }
}

export const AppHeader = ({ meta, isMobile, onOpenMenu, refs }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginSM,
        paddingInline: isMobile ? token.paddingSM : token.paddingLG,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {isMobile ? (
        <Flex align="center" gap={token.marginXS}>
          <Button
            ref={refs.menuButton}
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('menu.open')}
            onClick={onOpenMenu}
            data-testid="menu-button"
          />
          <Link to="/portal/home" aria-label={t('product.name')} style={{ display: 'flex' }}>
            <LogoMark size={28} />
          </Link>
        </Flex>
      ) : (
        <Title level={4} style={{ margin: 0 }} data-testid="page-title">
          {meta ? t(meta.titleKey) : ''}
        </Title>
      )}
      <Flex
        align="center"
        gap={isMobile ? token.marginXXS : token.marginSM}
        style={{ marginInlineStart: 'auto' }}
      >
        <span ref={refs.wallet}>
          <WalletTag />
        </span>
        <LanguageSwitch compact={isMobile} />
        <span ref={refs.avatar}>
          <UserMenu compact={isMobile} />
        </span>
      </Flex>
    </Layout.Header>
  )
}
