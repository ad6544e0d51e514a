// Replacing one IP's address in three steps: a required reason and, if the operator wants one, the
// free address of the same region to move to (else the server takes the next free one); a
// confirmation naming the IP, the customer and the target; then the new address.
import type { AddressReplacement, CustomerDetail, CustomerStaticIp } from '@proxy/contract/admin/customers'
import { Alert, Flex, Form, Modal, Result, Select, Typography } from 'antd'
import { useState } from 'react'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useAvailableAddresses, useReplaceAddress } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ReasonField } from './reason-field.tsx'

type Props = { customer: CustomerDetail; ip: CustomerStaticIp | null; onClose: () => void }
type Values = { reason: string; addressId?: string }
type Review = { reason: string; addressId?: string; target?: string }

export const ReplaceAddressModal = ({ customer, ip, onClose }: Props) => {
  const { t, language } = useAdminT()
  const [form] = Form.useForm<Values>()
  const [review, setReview] = useState<Review | null>(null)
  const [done, setDone] = useState<AddressReplacement | null>(null)
  const replacement = useReplaceAddress()
  const available = useAvailableAddresses(ip?.regionId ?? null)
  const options = (available.data?.items ?? []).map((address) => ({
    value: address.id,
    label: `${address.ip}:${address.port} · ${address.node}`,
  }))

  const close = () => {
    setReview(null)
    setDone(null)
    form.resetFields()
    onClose()
  }

  const toReview = async () => {
    const values = await form.validateFields()
    const target = options.find((option) => option.value === values.addressId)?.label
    setReview({ reason: values.reason.trim(), addressId: values.addressId, target })
  }

  const confirm = async (chosen: Review) => {
    if (!ip) return
    const body = { reason: chosen.reason, ...(chosen.addressId ? { addressId: chosen.addressId } : {}) }
    setDone(await replacement.mutateAsync({ instanceId: ip.id, body }))
  }

  const region = ip ? regionLabel(ip, language) : ''
  const address = ip ? `${ip.ip}:${ip.port}` : ''
  const onOk = () => {
    if (done) return close()
    void (review ? confirm(review) : toReview()).catch(() => undefined)
  }
  const okText = done ? 'close' : review ? 'ok' : 'review'
  return (
    <Modal
      open={ip !== null}
      title={t(
        done
          ? 'customers.replace.doneTitle'
          : review
            ? 'customers.replace.confirmTitle'
            : 'customers.replace.title',
        { ip: address },
      )}
      okText={t(`customers.replace.${okText}`)}
      okButtonProps={{ danger: review !== null && done === null }}
      cancelButtonProps={{ style: done ? { display: 'none' } : undefined }}
      cancelText={t(review ? 'customers.replace.back' : 'customers.cancel')}
      confirmLoading={replacement.isPending}
      onOk={onOk}
      onCancel={() => (review && !done && !replacement.isPending ? setReview(null) : close())}
      destroyOnHidden
    >
      {done ? (
        <Result
          status="success"
          title={`${done.newAddress.ip}:${done.newAddress.port}`}
          subTitle={t('customers.replace.doneBody', {
            oldIp: `${done.oldAddress.ip}:${done.oldAddress.port}`,
            newIp: `${done.newAddress.ip}:${done.newAddress.port}`,
          })}
          data-testid="replace-done"
        />
      ) : (
        <>
          <Form form={form} layout="vertical" requiredMark={false} hidden={review !== null}>
            <Alert type="info" showIcon title={t('customers.replace.body', { region })} />
            <ReasonField
              label={t('customers.replace.reason')}
              testId="replace-reason"
              style={{ marginTop: 16 }}
            />
            <Form.Item name="addressId" label={t('customers.replace.target')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={available.isLoading}
                options={options}
                placeholder={t('customers.replace.targetPlaceholder')}
                notFoundContent={t('customers.replace.targetEmpty')}
                data-testid="replace-target"
              />
            </Form.Item>
          </Form>
          {review && (
            <Flex vertical gap={8} data-testid="replace-summary">
              <Alert
                type="warning"
                showIcon
                title={
                  review.target
                    ? t('customers.replace.confirmChosen', {
                        ip: address,
                        email: customer.email,
                        target: review.target,
                      })
                    : t('customers.replace.confirmNext', { ip: address, email: customer.email, region })
                }
              />
              <Typography.Text type="secondary">
                {t('customers.replace.confirmReason', { reason: review.reason })}
              </Typography.Text>
            </Flex>
          )}
        </>
      )}
    </Modal>
  )
}
