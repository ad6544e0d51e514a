// /admin/settings: the company details and time zone printed on receipts. Saving asks first, since every
// receipt issued afterwards prints them; issued receipts keep what they printed.
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_CONTACT_MAX,
  COMPANY_NAME_MAX,
  type CompanySettings,
  type UpdateCompanySettingsInput,
} from '@proxy/contract/admin/receipts'
import { TAX_ID_MAX } from '@proxy/contract/receipts/endpoints'
import { Alert, App, Button, Card, Flex, Form, Input, Select, Skeleton, Typography, theme } from 'antd'
import { useMemo } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useCompanySettings, useUpdateCompanySettings } from '../../api/receipts.ts'
import { useAdminT } from '../../app/i18n.ts'

type Values = UpdateCompanySettingsInput

/** Every zone the browser knows, UTC first (the default). */
const useTimeZones = () =>
  useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    return ['UTC', ...zones.filter((zone) => zone !== 'UTC')].map((zone) => ({ value: zone, label: zone }))
  }, [])

const CompanyForm = ({ settings }: { settings: CompanySettings }) => {
  const { t } = useAdminT()
  const { modal, message } = App.useApp()
  const save = useUpdateCompanySettings()
  const zones = useTimeZones()
  const [form] = Form.useForm<Values>()
  const { name, address, taxId, contact, timeZone } = settings

  const onFinish = (values: Values) =>
    modal.confirm({
      title: t('settings.title'),
      content: t('settings.confirm'),
      okText: t('settings.save'),
      onOk: async () => {
        const saved = await save.mutateAsync(values)
        form.setFieldsValue(saved)
        void message.success(t('settings.saved'))
      },
    })

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ name, address, taxId, contact, timeZone }}
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
      data-testid="company-form"
    >
      <Form.Item
        name="name"
        label={t('settings.name')}
        rules={[{ required: true, whitespace: true, message: t('settings.required') }]}
      >
        <Input maxLength={COMPANY_NAME_MAX} data-testid="company-name" />
      </Form.Item>
      <Form.Item name="address" label={t('settings.address')}>
        <Input.TextArea
          maxLength={COMPANY_ADDRESS_MAX}
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="company-address"
        />
      </Form.Item>
      <Form.Item name="taxId" label={t('settings.taxId')}>
        <Input maxLength={TAX_ID_MAX} data-testid="company-tax-id" />
      </Form.Item>
      <Form.Item name="contact" label={t('settings.contact')}>
        <Input maxLength={COMPANY_CONTACT_MAX} data-testid="company-contact" />
      </Form.Item>
      <Form.Item name="timeZone" label={t('settings.timeZone')} extra={t('settings.timeZoneHint')}>
        <Select showSearch options={zones} data-testid="company-time-zone" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="company-save">
        {t('settings.save')}
      </Button>
    </Form>
  )
}

export const SettingsPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const { data } = useCompanySettings()
  return (
    <Flex vertical gap={token.margin}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      <Card>
        <Flex vertical gap={token.margin}>
          <Typography.Text type="secondary">{t('settings.intro')}</Typography.Text>
          {data && !data.isConfigured && (
            <Alert
              type="warning"
              showIcon
              title={t('settings.notConfigured')}
              data-testid="company-not-configured"
            />
          )}
          {data?.updatedAt && (
            <Typography.Text type="secondary">
              {t('settings.updatedAt', { at: formatLocalDateTime(data.updatedAt, { withSeconds: false }) })}
            </Typography.Text>
          )}
          {data ? <CompanyForm settings={data} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        </Flex>
      </Card>
    </Flex>
  )
}
