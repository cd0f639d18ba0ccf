import { COMPLAINT_LIMITS } from '@tradedesk/contract';
import { Button, Input, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendComplaint } from '../api/complaint-api.ts';

/** Why the form cannot be sent yet, as an i18n key; null when it can. Mirrors the server's bounds. */
export function complaintFormProblem(subject: string, message: string): string | null {
  if (!subject.trim() || !message.trim()) return 'public.input_full';
  if (Array.from(message.trim()).length < COMPLAINT_LIMITS.messageMin) return 'complaint.too_short';
  return null;
}

/** Subject and message, bounded as the server bounds them; cleared once sent. */
export function ComplaintForm() {
  const { t } = useTranslation();
  const send = useSendComplaint();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');

  const submit = async () => {
    const problem = complaintFormProblem(subject, message);
    if (problem) {
      Toast.show({ content: t(problem) });
      return;
    }
    try {
      await send.mutateAsync({ subject: subject.trim(), message: message.trim() });
      setSubject('');
      setMessage('');
    } catch {
      // The api client has shown the refusal (a rate limit, a field too long); the text stays.
    }
  };

  return (
    <section className="account-section complaint-form" data-testid="complaint-form">
      <h2 className="account-section-title">{t('complaint.form_title')}</h2>
      <div className="complaint-field">
        <label htmlFor="complaint-subject">{t('complaint.subject')}</label>
        <Input
          id="complaint-subject"
          value={subject}
          onChange={setSubject}
          maxLength={COMPLAINT_LIMITS.subjectMax}
          placeholder={t('complaint.subject_placeholder')}
          data-testid="complaint-subject"
        />
      </div>
      <div className="complaint-field">
        <label htmlFor="complaint-message">{t('complaint.message')}</label>
        <TextArea
          id="complaint-message"
          value={message}
          onChange={setMessage}
          maxLength={COMPLAINT_LIMITS.messageMax}
          showCount
          rows={5}
          placeholder={t('complaint.message_placeholder')}
          data-testid="complaint-message"
        />
      </div>
      <Button
        block
        color="primary"
        loading={send.isPending}
        onClick={() => void submit()}
        data-testid="complaint-send"
      >
        {t('complaint.send')}
      </Button>
    </section>
  );
}
