// The customer drawer's lists (IPs, packages, ledger) page ten at a time, with a small pager under
// the cards once there is more than one page.
import { Pagination } from 'antd'

export const DRAWER_PAGE_SIZE = 10

type Props = { page: number; total: number; onChange: (page: number) => void; 'data-testid'?: string }

export const DrawerPages = ({ page, total, onChange, ...rest }: Props) =>
  total > DRAWER_PAGE_SIZE ? (
    <Pagination
      size="small"
      align="end"
      current={page}
      pageSize={DRAWER_PAGE_SIZE}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
      {...rest}
    />
  ) : null
