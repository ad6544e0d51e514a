// A new download link: its name, which lines (protocol and region) and in which template. The answer
// carries the secret, which the card shows once.

import type { Region } from '@proxy/contract/static-ip/catalog'
import {
  DOWNLOAD_LINK_PROTOCOLS,
  type DownloadLinkProtocol,
  type DownloadLinkSecret,
} from '@proxy/contract/static-ip/download-links'
import { NAME_MAX_LENGTH } from '@proxy/contract/wire'
import { Form, Input, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useCreateDownloadLink } from '../api/create-download-link.ts'
import { DOWNLOAD_LINK_TEMPLATES, type DownloadLinkTemplate, templatesFor } from './download-link-options.ts'

type Values = {
  name: string
  protocol: DownloadLinkProtocol
  template: DownloadLinkTemplate
  region?: string
}

type Props = { regions: Region[]; onClose: () => void; onCreated: (answer: DownloadLinkSecret) => void }

export const DownloadLinkCreateModal = ({ regions, onClose, onCreated }: Props) => {
  const { t, i18n } = useTranslation(['static-ip', 'common'])
  const [form] = Form.useForm<Values>()
  const create = useCreateDownloadLink()
  const protocol = Form.useWatch('protocol', form) ?? 'all'

  const onFinish = ({ name, protocol: lines, template, region }: Values) => {
    const { format, template: socks5 } = DOWNLOAD_LINK_TEMPLATES[template]
    create.mutate(
      { name: name.trim(), protocol: lines, format, template: socks5, ...(region && { region }) },
      { onSuccess: onCreated },
    )
  }

  // A template the new protocol cannot write falls back to plain links.
  const onValuesChange = (changed: Partial<Values>) => {
    if (changed.protocol && !templatesFor(changed.protocol).includes(form.getFieldValue('template')))
      form.setFieldValue('template', 'links')
  }

  return (
    <Modal
      open
      title={t('downloadLinks.createTitle')}
      okText={t('downloadLinks.create')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="download-link-modal"
    >
      <Form<Values>
        form={form}
        name="download-link"
        layout="vertical"
        requiredMark={false}
        initialValues={{ protocol: 'all', template: 'links' }}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('downloadLinks.name')}
          rules={[{ required: true, whitespace: true, message: t('downloadLinks.nameRequired') }]}
        >
          <Input
            maxLength={NAME_MAX_LENGTH}
            placeholder={t('downloadLinks.namePlaceholder')}
            autoFocus
            data-testid="download-link-name"
          />
        </Form.Item>
        <Form.Item name="protocol" label={t('downloadLinks.protocol')}>
          <Select
            options={DOWNLOAD_LINK_PROTOCOLS.map((value) => ({
              value,
              label: t(`downloadLinks.protocols.${value}`),
            }))}
            data-testid="download-link-protocol"
          />
        </Form.Item>
        <Form.Item name="template" label={t('downloadLinks.template')}>
          <Select
            options={templatesFor(protocol).map((value) => ({
              value,
              label: t(`downloadLinks.templates.${value}`),
            }))}
            data-testid="download-link-template"
          />
        </Form.Item>
        <Form.Item name="region" label={t('downloadLinks.region')}>
          <Select
            allowClear
            placeholder={t('downloadLinks.allRegions')}
            options={regions.map((region) => ({
              value: region.id,
              label: regionLabel(region, i18n.language),
            }))}
            data-testid="download-link-region"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
