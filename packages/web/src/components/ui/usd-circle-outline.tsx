import type { SVGProps } from 'react';

/**
 * A "$" in a ring, drawn like antd-mobile-icons' outline icons (48-unit box, 3-unit lines,
 * 1em, currentColor) so it sits among them. The set's money icons (PayCircleOutline, BillOutline
 * and the like) all carry "¥", which says the wrong currency on a USD platform.
 */
export function UsdCircleOutline(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 48 48"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      {...props}
      style={{ verticalAlign: '-0.125em', ...props.style }}
      className={['antd-mobile-icon', props.className].filter(Boolean).join(' ')}
    >
      <circle cx="24" cy="24" r="20.5" fill="none" stroke="currentColor" strokeWidth="3" />
      <path
        d="M30.5 17.2C29.5 15.2 27.1 14.2 24 14.2c-3.8 0-6.3 1.9-6.3 4.7 0 6.4 13 3.7 13 10.1 0 2.9-2.7 4.8-6.6 4.8-3.3 0-5.8-1.2-6.8-3.4M24 10.5v27"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
