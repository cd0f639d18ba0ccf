import { Tag } from 'antd-mobile';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The badge's own colours: primary blue on white, 5.99:1 (WCAG). The account card under it
 * runs from #10213f to the primary blue (styles.css .account-card), where antd-mobile's
 * outline tag in primary blue read 1:1 to 2.7:1; with a fill of its own the badge reads the
 * same wherever the gradient is, and 5.2:1 or more through the meta line’s 90 % opacity.
 */
export const REAL_ACCOUNT_BADGE_COLOURS = { text: '#175cd3', background: '#ffffff' } as const;

const badgeStyle = {
  '--text-color': REAL_ACCOUNT_BADGE_COLOURS.text,
  '--background-color': REAL_ACCOUNT_BADGE_COLOURS.background,
  '--border-color': REAL_ACCOUNT_BADGE_COLOURS.background,
} as CSSProperties;

/** "Real account" on the account card (a demo account's name line says what it is). */
export function RealAccountBadge({ children }: { children: ReactNode }) {
  return (
    <Tag style={badgeStyle} data-testid="real-account-badge">
      {children}
    </Tag>
  );
}
