// Below antd's md breakpoint (768 px) wide tables turn into stacked cards.
import { Grid } from 'antd'

export const useIsNarrow = (): boolean => Grid.useBreakpoint().md === false
