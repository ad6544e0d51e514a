// One of the console's icons, drawn from its path data at the text's size and colour (as antd's icons are).
import { ICONS, type IconName } from './icons.ts'

export const Icon = ({ name, className }: { name: IconName; className?: string }) => {
  const { viewBox, paths } = ICONS[name]
  return (
    <span className={className === undefined ? 'pt-icon' : `pt-icon ${className}`}>
      <svg
        viewBox={viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        focusable="false"
        aria-hidden="true"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  )
}
