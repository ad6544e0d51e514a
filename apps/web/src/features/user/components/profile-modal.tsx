// 个人信息 (SPEC §2): account details with inline rename, API tokens and API access; width 788.
import { ApiOutlined, FileTextOutlined, KeyOutlined, UserOutlined } from '@ant-design/icons'
import { Descriptions, Flex, Modal, Skeleton, Tag, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../shared/api/get-me.ts'
import { formatDateTime } from '../../../shared/lib/format-date.ts'
import { ApiAccess } from './api-access.tsx'
import { ApiTokenCreate } from './api-token-create.tsx'
import { ApiTokenList } from './api-token-list.tsx'
import { BillingDetailsForm } from './billing-details-form.tsx'
import { ProfileName } from './profile-name.tsx'

export const PROFILE_MODAL_WIDTH = 788

type Props = { open: boolean; onClose: () => void }

const Section = ({
  icon,
  title,
  extra,
  children,
}: {
  icon: ReactNode
  title: string
  extra?: ReactNode
  children: ReactNode
}) => {
  const { token } = theme.useToken()
  return (
    <section style={{ marginTop: token.marginLG }}>
      <Flex align="center" gap={token.marginXS} style={{ marginBottom: token.marginSM }}>
        <span style={{ color: token.colorPrimary }}>{icon}</span>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {extra}
      {children}
    </section>
  )
}

export const ProfileModal = ({ open, onClose }: Props) => {
  const { t, i18n } = useTranslation('user')
  const { token } = theme.useToken()
  const { data: me } = useMe()
  const [isRenaming, setIsRenaming] = useState(false)

  return (
    <Modal
      open={open}
      title={t('profile.title')}
      width={PROFILE_MODAL_WIDTH}
      footer={null}
      keyboard={!isRenaming}
      onCancel={onClose}
      destroyOnHidden
      data-testid="profile-modal"
    >
      <Section icon={<UserOutlined />} title={t('profile.account')}>
        {me ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 132, whiteSpace: 'nowrap' } }}
            items={[
              {
                key: 'email',
                label: t('profile.email'),
                children: (
                  <Flex align="center" gap={token.marginXS} wrap>
                    <span data-testid="profile-email">{me.email}</span>
                    <Tag color={me.emailVerified ? 'success' : 'warning'} data-testid="profile-email-status">
                      {me.emailVerified ? t('profile.verified') : t('profile.unverified')}
                    </Tag>
                  </Flex>
                ),
              },
              {
                key: 'name',
                label: t('profile.name'),
                children: <ProfileName name={me.name} onEditingChange={setIsRenaming} />,
              },
              {
                key: 'timeZone',
                label: t('profile.timeZone'),
                children: me.timeZone ?? t('profile.timeZoneUnset'),
              },
              {
                key: 'since',
                label: t('profile.createdAt'),
                children: formatDateTime(me.createdAt, i18n.language),
              },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Section>
      <Section
        icon={<FileTextOutlined />}
        title={t('billing.title')}
        extra={
          <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginSM }}>
            {t('billing.description')}
          </Typography.Paragraph>
        }
      >
        <BillingDetailsForm />
      </Section>
      <Section
        icon={<KeyOutlined />}
        title={t('tokens.title')}
        extra={
          <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginSM }}>
            {t('tokens.description')}
          </Typography.Paragraph>
        }
      >
        <Flex vertical gap={token.marginSM}>
          <ApiTokenCreate />
          <ApiTokenList />
        </Flex>
      </Section>
      <Section icon={<ApiOutlined />} title={t('api.title')}>
        <ApiAccess />
      </Section>
    </Modal>
  )
}
