import { CHAT_MESSAGE_MAX } from '@tradedesk/contract';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The message box: send with the button (Enter writes a new line, as on a phone keyboard). */
export function ChatInput({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (content: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const empty = text.trim() === '';

  async function send() {
    if (empty || sending) return;
    try {
      await onSend(text);
      setText('');
    } catch {
      // The API client has said why; the text stays so that nothing typed is lost.
    }
  }

  return (
    <div className="chat-input">
      <TextArea
        className="chat-textarea"
        value={text}
        onChange={setText}
        placeholder={t('chat.placeholder')}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={CHAT_MESSAGE_MAX}
        rows={1}
        aria-label={t('chat.placeholder')}
      />
      <Button
        className="chat-send"
        color="primary"
        size="small"
        disabled={empty}
        loading={sending}
        onClick={() => void send()}
      >
        {t('chat.send')}
      </Button>
    </div>
  );
}
