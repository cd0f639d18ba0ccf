import { Button, SpinLoading, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { BuiltInChat } from '../components/built-in-chat.tsx';
import { serviceLinkView } from '../lib/chat-thread.ts';
import '../chat.css';

/**
 * /mine/chat (SPEC.md §2): customer service. The built-in chat when the service link is the
 * default (empty); an external http(s) service link embedded in a frame; any other link
 * (an e-mail address, a handle) shown with a copy button.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { data: info, isError, refetch } = useBasicInfo();
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => Toast.show({ content: t('public.copy_success') }),
      // No clipboard (an insecure page, a refusal): the text stays on screen, selectable.
      () => undefined,
    );

  let body: ReactNode;
  if (!info) {
    body = isError ? (
      <div className="route-error">
        <p>{t('public.page_error')}</p>
        <Button color="primary" onClick={() => void refetch()}>
          {t('public.retry')}
        </Button>
      </div>
    ) : (
      <SpinLoading className="page-loading" color="primary" />
    );
  } else {
    const view = serviceLinkView(info.service_link);
    if (view.kind === 'built-in') body = <BuiltInChat />;
    else if (view.kind === 'frame')
      body = (
        <iframe
          className="chat-frame"
          src={view.url}
          title={t('chat.title')}
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        />
      );
    else
      body = (
        <div className="chat-link">
          <p className="chat-link-text" dir="ltr" data-testid="service-link-text">
            {view.text}
          </p>
          <Button color="primary" onClick={() => void copy(view.text)}>
            {t('public.copy')}
          </Button>
        </div>
      );
  }

  return (
    <div className="page chat-page">
      <PageHeader title={t('chat.title')} fallback={PATHS.user} />
      {body}
    </div>
  );
}
