import type { Language } from '@tradedesk/contract';
import { NEWS_FIELD_MAX } from '@tradedesk/contract';
import { Input } from 'antd';
import { useId } from 'react';
import { previewDocument, type TextDraft } from '../lib/news-form.ts';

/**
 * One language's text: title, summary, HTML content, and a live preview in a sandboxed frame
 * (no scripts run there); what is saved is sanitized by the server.
 */
export function NewsTextFields({
  lang,
  draft,
  onChange,
}: {
  lang: Language;
  draft: TextDraft;
  onChange: (next: TextDraft) => void;
}) {
  const dir = lang === 'ar' ? 'rtl' : 'auto';
  const base = useId();
  return (
    <div className="news-text-fields">
      <label htmlFor={`${base}-title`}>Title</label>
      <Input
        id={`${base}-title`}
        value={draft.title}
        maxLength={NEWS_FIELD_MAX.title}
        dir={dir}
        data-testid={`news-title-${lang}`}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
      />
      <label htmlFor={`${base}-desc`}>Summary</label>
      <Input.TextArea
        id={`${base}-desc`}
        value={draft.desc}
        maxLength={NEWS_FIELD_MAX.desc}
        autoSize={{ minRows: 2, maxRows: 4 }}
        dir={dir}
        data-testid={`news-desc-${lang}`}
        onChange={(e) => onChange({ ...draft, desc: e.target.value })}
      />
      <div className="news-content-row">
        <div className="news-field">
          <label htmlFor={`${base}-content`}>
            Content (HTML: headings, paragraphs, lists, bold, italic, links, images, quotes)
          </label>
          <Input.TextArea
            id={`${base}-content`}
            value={draft.content}
            maxLength={NEWS_FIELD_MAX.content}
            autoSize={{ minRows: 12, maxRows: 24 }}
            dir={dir}
            className="news-html"
            data-testid={`news-content-${lang}`}
            onChange={(e) => onChange({ ...draft, content: e.target.value })}
          />
        </div>
        <div className="news-preview">
          <span>Preview</span>
          <iframe
            title={`Preview (${lang})`}
            sandbox=""
            srcDoc={previewDocument(draft.content, lang)}
            data-testid={`news-preview-${lang}`}
          />
        </div>
      </div>
    </div>
  );
}
