import type { BasicInfo } from '@tradedesk/contract';

/** SPEC.md §9 service_link_type: 2 shows the link in a dialog, 3 opens it outside the app. */
export const SERVICE_LINK_TYPE = { dialog: 2, external: 3 } as const;

export type ServiceAction =
  | { kind: 'dialog'; link: string }
  | { kind: 'external'; link: string }
  /** The in-app chat page (/mine/chat), which embeds the link or runs the built-in chat. */
  | { kind: 'chat' };

/** Only web addresses leave the app: a javascript: or data: link set by mistake never runs. */
function isWebAddress(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * What the "customer service" entry does with getBasicInfo's service link. Without a link
 * there is nothing to show or open, so the in-app chat takes over, as for any other type.
 */
export function serviceAction(
  info: Pick<BasicInfo, 'service_link' | 'service_link_type'> | undefined,
): ServiceAction {
  const link = info?.service_link.trim() ?? '';
  if (!link) return { kind: 'chat' };
  if (info?.service_link_type === SERVICE_LINK_TYPE.dialog) return { kind: 'dialog', link };
  if (info?.service_link_type === SERVICE_LINK_TYPE.external && isWebAddress(link))
    return { kind: 'external', link };
  return { kind: 'chat' };
}
