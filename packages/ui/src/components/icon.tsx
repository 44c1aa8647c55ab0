import type { ReactNode } from 'react';

interface IconProps {
  /** Its width and height in CSS pixels; it is drawn on a 24 × 24 grid. */
  size: number;
  /** A line icon drawn with lines this wide; without it, the shapes are filled. */
  stroke?: number;
  className?: string;
  children: ReactNode;
}

/**
 * A decorative icon in the colour of the text around it. Hidden from screen readers: the control or the text
 * beside it carries the words. Never a focus stop (old Edge made an SVG one).
 */
export function Icon({ size, stroke, className, children }: IconProps) {
  const paint = stroke
    ? { fill: 'none', stroke: 'currentColor', strokeWidth: stroke, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const }
    : { fill: 'currentColor' };
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={className} {...paint}>
      {children}
    </svg>
  );
}
