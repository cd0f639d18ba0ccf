import type { App } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * antd's message API bound to the app's context (theme, container), handed over by
 * <NotifierBridge> so that code outside components — the API client — can show messages.
 */
let messageApi: MessageApi | undefined;

export function setMessageApi(api: MessageApi | undefined): void {
  messageApi = api;
}

function show(kind: 'error' | 'success' | 'warning' | 'info', text: string): void {
  if (messageApi) void messageApi[kind](text);
  else console.warn(`[${kind}] ${text}`);
}

export const notify = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
