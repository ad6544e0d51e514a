// What a list shows without rows: "nothing matches the filter" under a filter, else "nothing yet".
// A text becomes antd's small Empty; a node (an Empty with a call to action) is shown as it is.
import { Empty } from 'antd'
import { isValidElement, type ReactNode } from 'react'

export type EmptyTexts = {
  /** Nothing yet: a text, or a whole node such as an Empty with a button. */
  empty?: ReactNode
  /** Nothing matches the filter; `empty` when left out. */
  emptyFiltered?: ReactNode
}

export const listEmpty = ({ empty, emptyFiltered }: EmptyTexts, isFiltered: boolean): ReactNode => {
  const shown = isFiltered && emptyFiltered !== undefined ? emptyFiltered : empty
  if (shown === undefined || isValidElement(shown)) return shown
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={shown} />
}
