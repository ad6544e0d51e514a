// Creating or editing a sub-user: username, note, a traffic limit (in all, per day or per month), a tunnel
// cap and the daily auto-stop. A new sub-user's password comes back in the answer and is shown once.
import type { SubUser, SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreateSubUser } from '../api/create-sub-user.ts'
import { useUpdateSubUser } from '../api/update-sub-user.ts'
import { formValuesOf, inputOf, type SubUserFormValues, usernameProblem } from './sub-user-form.ts'

type Props = {
  /** The sub-user to edit; undefined to create one. */
  sub: SubUser | undefined
  open: boolean
  onClose: () => void
  onCreated: (sub: SubUserWithPassword) => void
}

const PERIODS = ['none', 'total', 'day', 'month'] as const

export const SubUserFormModal = ({ sub, open, onClose, onCreated }: Props) => {
  const { t } = useTranslation(['traffic', 'common'])
  const [form] = Form.useForm<SubUserFormValues>()
  const create = useCreateSubUser()
  const update = useUpdateSubUser()
  const period = Form.useWatch('period', form)
  const isSaving = create.isPending || update.isPending

  const onFinish = async (values: SubUserFormValues) => {
    const input = inputOf(values)
    try {
      if (sub) {
        await update.mutateAsync({ id: sub.id, body: input })
        onClose()
      } else onCreated(await create.mutateAsync(input))
    } catch {
      // The HTTP layer toasted why (a taken username, a full list); the form stays open to fix it.
    }
  }

  const positive = { min: 0.001, max: 1024 * 1024 }
  return (
    <Modal
      open={open}
      title={sub ? t('subUsers.form.editTitle', { username: sub.username }) : t('subUsers.form.createTitle')}
      okText={sub ? t('subUsers.form.save') : t('subUsers.form.create')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'sub-user-save' }}
    >
      <Form<SubUserFormValues>
        form={form}
        layout="vertical"
        initialValues={formValuesOf(sub)}
        onFinish={onFinish}
        preserve={false}
        data-testid="sub-user-form"
      >
        <Form.Item
          name="username"
          label={t('subUsers.form.username')}
          extra={t('subUsers.form.usernameHelp')}
          rules={[
            { required: true, message: t('subUsers.form.usernameRequired') },
            {
              validator: (_, value: string) => {
                const problem = value ? usernameProblem(value) : undefined
                return problem ? Promise.reject(new Error(t(`subUsers.form.${problem}`))) : Promise.resolve()
              },
            },
          ]}
        >
          <Input autoComplete="off" maxLength={40} data-testid="sub-user-username-input" />
        </Form.Item>
        <Form.Item name="note" label={t('subUsers.form.note')}>
          <Input maxLength={200} placeholder={t('subUsers.form.notePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('subUsers.form.limit')} required={period !== undefined && period !== 'none'}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="period" noStyle>
              <Select
                style={{ width: '45%' }}
                options={PERIODS.map((value) => ({
                  value,
                  label: t(value === 'none' ? 'subUsers.form.limitNone' : `subUsers.form.period.${value}`),
                }))}
                data-testid="sub-user-period"
              />
            </Form.Item>
            <Form.Item
              name="limitGb"
              noStyle
              rules={[{ required: period !== 'none', message: t('subUsers.form.amountInvalid') }]}
            >
              <InputNumber
                {...positive}
                disabled={period === 'none'}
                suffix={t('subUsers.form.limitGb')}
                style={{ width: '55%' }}
                data-testid="sub-user-limit-input"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="maxTunnels" label={t('subUsers.form.maxTunnels')}>
          <InputNumber
            min={1}
            max={10_000}
            precision={0}
            placeholder={t('subUsers.form.maxTunnelsPlaceholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="autoStopGb"
          label={t('subUsers.form.autoStop')}
          extra={t('subUsers.form.autoStopHelp')}
        >
          <InputNumber
            {...positive}
            suffix={t('subUsers.form.limitGb')}
            style={{ width: '100%' }}
            data-testid="sub-user-auto-stop-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
