// Stocking addresses from a CSV in the browser: choose a file or paste its text, read it into a preview
// of every row, check the rows on the server (a dry run that writes nothing) with each refusal next to
// its row, then — after a confirmation naming the count — import them for real and show what happened.

import { UploadOutlined } from '@ant-design/icons'
import type { InventoryImportResult } from '@proxy/contract/admin/inventory'
import { MAX_IMPORT_ROWS } from '@proxy/contract/admin/inventory'
import { Alert, App, Button, Drawer, Flex, Input, Result, Switch, Tag, Typography, theme } from 'antd'
import { type ChangeEvent, useRef, useState } from 'react'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useInventoryImport } from '../../api/inventory.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { CSV_HEADER, type ParsedImport, type PreviewRow, readImportCsv, toImportRow } from './import-csv.ts'
import { describeProblem, describeReject } from './import-reasons.ts'

/** Larger files would not fit the endpoint's body (2 MiB for 5,000 rows) anyway. */
const MAX_FILE_BYTES = 2 * 1024 * 1024

/** What the server said of each sent row, by file line; `imported` rows (or, dry, importable ones). */
type Checked = { result: InventoryImportResult; refused: Map<number, string> }

const parseError = (t: AdminT, parsed: ParsedImport): string | null => {
  if (parsed.ok) return null
  if (parsed.error === 'columns')
    return t('inventory.import.missingColumns', { columns: parsed.missing.join(', '), header: CSV_HEADER })
  if (parsed.error === 'tooMany')
    return t('inventory.import.tooMany', { count: parsed.count, max: MAX_IMPORT_ROWS })
  return t('inventory.import.empty')
}

export const ImportDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const isNarrow = useIsNarrow()
  const fileInput = useRef<HTMLInputElement>(null)
  const importRows = useInventoryImport()
  const [text, setText] = useState('')
  const [parsed, setParsed] = useState<ParsedImport | null>(null)
  const [checked, setChecked] = useState<Checked | null>(null)
  const [onlyProblems, setOnlyProblems] = useState(false)

  const rows = parsed?.ok ? parsed.rows : []
  const sendable = rows.filter((row) => row.problem === null)
  const localProblems = rows.length - sendable.length
  const isDone = checked !== null && !checked.result.dryRun

  // Read as typed or pasted: the preview follows the text, and any check is of the text as it was.
  const read = (csv: string) => {
    setText(csv)
    setParsed(csv.trim() === '' ? null : readImportCsv(csv))
    setChecked(null)
  }
  const reset = () => {
    setText('')
    setParsed(null)
    setChecked(null)
    setOnlyProblems(false)
  }
  const close = () => {
    reset()
    onClose()
  }

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // the same file can be chosen again after an edit
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      void message.error(t('inventory.import.fileTooBig'))
      return
    }
    read(await file.text())
  }

  const send = async (dryRun: boolean) => {
    const result = await importRows.mutateAsync({ rows: sendable.map(toImportRow), dryRun })
    const refused = new Map<number, string>()
    for (const { row, reason } of result.rejected) {
      const line = sendable[row]?.line
      if (line !== undefined) refused.set(line, describeReject(t, reason))
    }
    setChecked({ result, refused })
  }

  const confirmImport = (count: number) =>
    modal.confirm({
      title: t('inventory.import.confirmTitle', { count }),
      content: t('inventory.import.confirmBody', {
        count,
        skipped: rows.length - count,
      }),
      okText: t('inventory.import.confirmOk', { count }),
      cancelText: t('inventory.cancel'),
      onOk: () => send(false),
    })

  const outcome = (row: PreviewRow) => {
    if (row.problem !== null)
      return <Typography.Text type="danger">{describeProblem(t, row.problem, row.port)}</Typography.Text>
    const refusal = checked?.refused.get(row.line)
    if (refusal !== undefined) return <Typography.Text type="danger">{refusal}</Typography.Text>
    if (checked === null)
      return <Typography.Text type="secondary">{t('inventory.import.unchecked')}</Typography.Text>
    return <Tag color="green">{t(isDone ? 'inventory.import.imported' : 'inventory.import.ready')}</Tag>
  }
  const hasProblem = (row: PreviewRow) => row.problem !== null || (checked?.refused.has(row.line) ?? false)

  const error = parsed && parseError(t, parsed)
  const willImport = checked?.result.dryRun ? checked.result.imported : 0

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('inventory.import.title')}
      size={isNarrow ? '100%' : 880}
      mask={{ closable: !importRows.isPending }}
      data-testid="import-drawer"
    >
      <Flex vertical gap={token.margin}>
        {isDone ? (
          <Result
            status={checked.result.imported > 0 ? 'success' : 'warning'}
            title={t('inventory.import.doneTitle', { count: checked.result.imported })}
            subTitle={t('inventory.import.doneBody', { refused: rows.length - checked.result.imported })}
            extra={
              <Flex gap={token.marginXS} justify="center" wrap>
                <Button onClick={reset}>{t('inventory.import.another')}</Button>
                <Button type="primary" onClick={close}>
                  {t('inventory.import.close')}
                </Button>
              </Flex>
            }
            data-testid="import-summary"
          />
        ) : (
          <>
            <Typography.Text type="secondary">
              {t('inventory.import.help', { header: CSV_HEADER, max: MAX_IMPORT_ROWS })}
            </Typography.Text>
            <Flex gap={token.marginXS} wrap>
              <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                {t('inventory.import.chooseFile')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv,text/plain"
                hidden
                onChange={(event) => void chooseFile(event)}
                data-testid="import-file"
              />
            </Flex>
            <Input.TextArea
              value={text}
              onChange={(event) => read(event.target.value)}
              placeholder={`${CSV_HEADER}\nus-east,203.0.113.7,8000,node-1,static`}
              autoSize={{ minRows: 4, maxRows: 10 }}
              style={{ fontFamily: token.fontFamilyCode }}
              aria-label={t('inventory.import.paste')}
              data-testid="import-text"
            />
            <Flex gap={token.marginXS} wrap>
              <Button
                type="primary"
                onClick={() => void send(true).catch(() => undefined)}
                disabled={sendable.length === 0}
                loading={importRows.isPending && importRows.variables?.dryRun}
                data-testid="import-check"
              >
                {t('inventory.import.check', { count: sendable.length })}
              </Button>
              {checked?.result.dryRun && (
                <Button
                  type="primary"
                  danger
                  onClick={() => confirmImport(willImport)}
                  disabled={willImport === 0}
                  data-testid="import-confirm"
                >
                  {t('inventory.import.importRows', { count: willImport })}
                </Button>
              )}
            </Flex>
          </>
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="import-error" />}
        {rows.length > 0 && (
          <>
            <Alert
              type={localProblems + (checked?.refused.size ?? 0) > 0 ? 'warning' : 'info'}
              showIcon
              title={
                checked
                  ? t(isDone ? 'inventory.import.doneCounts' : 'inventory.import.checkedCounts', {
                      total: rows.length,
                      count: checked.result.imported,
                      refused: rows.length - checked.result.imported,
                    })
                  : t('inventory.import.readCounts', { total: rows.length, refused: localProblems })
              }
              data-testid="import-counts"
            />
            <Flex gap={token.marginXS} align="center">
              <Switch
                size="small"
                checked={onlyProblems}
                onChange={setOnlyProblems}
                aria-label={t('inventory.import.onlyProblems')}
              />
              <Typography.Text>{t('inventory.import.onlyProblems')}</Typography.Text>
            </Flex>
            <PagedTable<PreviewRow>
              items={onlyProblems ? rows.filter(hasProblem) : rows}
              rowKey="line"
              size="small"
              paging={{ pageSizes: [50, 100, 200] }}
              empty={t('inventory.import.noProblems')}
              columns={[
                { title: t('inventory.import.line'), dataIndex: 'line', align: 'right' },
                { title: t('inventory.region'), dataIndex: 'regionId' },
                { title: 'IP', dataIndex: 'ip' },
                { title: t('inventory.port'), dataIndex: 'port', align: 'right' },
                { title: t('inventory.node'), dataIndex: 'node' },
                { title: t('inventory.import.purpose'), dataIndex: 'purpose' },
                { title: t('inventory.import.outcome'), key: 'outcome', render: (_, row) => outcome(row) },
              ]}
              rowTestId="import-row"
              data-testid="import-rows"
            />
          </>
        )}
      </Flex>
    </Drawer>
  )
}
