// An address under /admin that is no page of the console.
import { Button, Result } from 'antd'
import { Link } from 'react-router'
import { useAdminT } from '../app/i18n.ts'

export const NotFoundPage = () => {
  const { t } = useAdminT()
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  )
}
