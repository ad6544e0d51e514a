// Who is signed in: email and member-since date.
import { IdcardOutlined } from '@ant-design/icons'
import { Card, Descriptions, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/lib/format-date.ts'
import { useMe } from '../../user/api/get-me.ts'

export const AccountCard = () => {
  const { t, i18n } = useTranslation('overview')
  const { data: me } = useMe()
  return (
    <Card
      variant="borderless"
      title={
        <span>
          <IdcardOutlined /> {t('account.title')}
        </span>
      }
      style={{ height: '100%' }}
    >
      {me ? (
        <Descriptions
          column={1}
          size="small"
          layout="vertical"
          items={[
            { key: 'email', label: t('account.email'), children: me.email },
            {
              key: 'since',
              label: t('account.since'),
              children: formatDateTime(me.createdAt, i18n.language),
            },
          ]}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  )
}
