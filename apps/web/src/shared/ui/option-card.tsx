// A card-sized radio (a native radio inside a label): amount presets, payment channels, regions, terms and plans.
import { CheckOutlined } from '@ant-design/icons'
import { theme } from 'antd'
import type { CSSProperties, ReactNode } from 'react'
import styles from './option-card.module.css'

type Props = {
  name: string
  isSelected: boolean
  onSelect: () => void
  children: ReactNode
  'data-testid'?: string
  minHeight?: number
}

export const OptionCard = ({ name, isSelected, onSelect, children, minHeight = 64, ...rest }: Props) => {
  const { token } = theme.useToken()
  const style = {
    '--option-card-focus': token.colorPrimaryBorder,
    position: 'relative',
    width: '100%',
    minHeight,
    padding: `${token.paddingSM}px ${token.padding}px`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: token.marginXS,
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${isSelected ? token.colorPrimary : token.colorBorder}`,
    // A second pixel of border that does not move the content.
    boxShadow: isSelected ? `inset 0 0 0 1px ${token.colorPrimary}` : undefined,
    boxSizing: 'border-box',
    background: isSelected ? token.colorPrimaryBg : token.colorBgContainer,
    color: isSelected ? token.colorPrimary : token.colorText,
    cursor: 'pointer',
    transition: `all ${token.motionDurationMid}`,
    overflow: 'hidden',
    userSelect: 'none',
  } as CSSProperties
  return (
    <label className={styles.card} style={style} data-testid={rest['data-testid']}>
      <input type="radio" name={name} checked={isSelected} onChange={onSelect} className={styles.input} />
      {children}
      {isSelected && (
        <span
          aria-hidden="true"
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: 22,
            height: 22,
            background: token.colorPrimary,
            color: token.colorWhite,
            borderTopLeftRadius: token.borderRadiusLG,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 11,
          }}
        >
          <CheckOutlined />
        </span>
      )}
    </label>
  )
}
