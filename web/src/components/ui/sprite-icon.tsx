import type { SVGProps } from 'react';
import { spriteIconId, type SpriteIconName } from './sprite-icons';

type Props = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & { name: SpriteIconName };

/** A decorative icon of the sprite, with lucide's stroke (24 px grid, 2 px round strokes). */
export function SpriteIcon({ name, className = 'icon', fill = 'none', ...rest }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={fill}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <use href={`#${spriteIconId(name)}`} />
    </svg>
  );
}
