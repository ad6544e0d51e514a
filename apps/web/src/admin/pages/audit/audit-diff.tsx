// The fields an audited write changed, one line each: `field: before → after` (removed in red, added in green).
import { Flex, Typography, theme } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAdminT } from '../../app/i18n.ts'

type Values = Record<string, unknown> | null

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

const show = (value: unknown): string => {
  if (value === undefined) return '∅'
  // Times as everywhere in the consoles: YYYY-MM-DD HH:mm:ss in the browser's zone.
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatLocalDateTime(value) : value
  return JSON.stringify(value)
}

/** Every field either side names, in a stable order, with its value before and after. */
export const diffLines = (before: Values, after: Values) =>
  [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .sort()
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))

export const AuditDiff = ({ before, after }: { before: Values; after: Values }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const lines = diffLines(before, after)
  if (lines.length === 0) return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>
  return (
    <Flex
      vertical
      gap={2}
      // Long values (ids, reasons) wrap inside the column instead of pushing the table past the page.
      style={{
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        maxWidth: 320,
        overflowWrap: 'anywhere',
      }}
      data-testid="audit-diff"
    >
      {lines.map((line) => (
        <div key={line.field} data-testid="audit-diff-line">
          <Typography.Text type="secondary">{line.field}: </Typography.Text>
          {line.before !== undefined && (
            <Typography.Text delete type="danger">
              {show(line.before)}
            </Typography.Text>
          )}
          {line.before !== undefined && line.after !== undefined && ' → '}
          {line.after !== undefined && <Typography.Text type="success">{show(line.after)}</Typography.Text>}
        </div>
      ))}
    </Flex>
  )
}
