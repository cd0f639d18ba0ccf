import {
  LANGUAGES,
  type Language,
  NEWS_CATEGORIES,
  type NewsCategoryId,
} from '@tradedesk/contract';
import { Alert, Button, Drawer, Radio, Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useNewsArticle, useSaveNews } from '../api/use-news.ts';
import {
  draftOf,
  isCoverAcceptable,
  LANGUAGE_LABELS,
  type TextDrafts,
  textsToSave,
} from '../lib/news-form.ts';
import { CoverField } from './cover-field.tsx';
import { NewsTextFields } from './news-text-fields.tsx';

/** Create (no id) or edit an article: category, cover, and a tab per language. */
export function NewsEditor({
  id,
  open,
  onClose,
  onSaved,
}: {
  id: number | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { data: article, isFetching } = useNewsArticle(open ? id : undefined);
  const save = useSaveNews();
  const [category, setCategory] = useState<NewsCategoryId>(NEWS_CATEGORIES.news);
  const [logo, setLogo] = useState('');
  const [drafts, setDrafts] = useState<TextDrafts>({});
  const [lang, setLang] = useState<Language>('en');
  const [problem, setProblem] = useState<string>();

  // Loading an article (or opening a new one) resets the form to what is stored.
  useEffect(() => {
    if (!open) return;
    setProblem(undefined);
    if (id === undefined) {
      setCategory(NEWS_CATEGORIES.news);
      setLogo('');
      setDrafts({});
      return;
    }
    if (!article) return;
    setCategory(article.category_id as NewsCategoryId);
    setLogo(article.logo);
    const next: TextDrafts = {};
    for (const [l, text] of Object.entries(article.texts))
      if (text) next[l as Language] = { title: text.title, desc: text.desc, content: text.content };
    setDrafts(next);
  }, [open, id, article]);

  const submit = async () => {
    const { texts, untitled } = textsToSave(drafts);
    if (untitled.length > 0)
      return setProblem(
        `A title is missing in: ${untitled.map((l) => LANGUAGE_LABELS[l]).join(', ')}`,
      );
    if (Object.keys(texts).length === 0) return setProblem('Write at least one language.');
    if (!isCoverAcceptable(logo))
      return setProblem('The cover must be an uploaded image or an http(s) address.');
    setProblem(undefined);
    const saved = await save.mutateAsync({
      ...(id === undefined ? {} : { id }),
      category_id: category,
      logo: logo.trim(),
      texts,
    });
    // Show what was stored: the content as the server sanitized it.
    const next: TextDrafts = {};
    for (const [l, text] of Object.entries(saved.texts))
      if (text) next[l as Language] = { title: text.title, desc: text.desc, content: text.content };
    setDrafts(next);
    onSaved(saved.id);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1100}
      title={id === undefined ? 'New article' : `Article #${id}`}
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="news-save"
        >
          Save
        </Button>
      }
      destroyOnHidden
    >
      {id !== undefined && isFetching && !article ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {problem ? <Alert type="error" message={problem} showIcon /> : null}
          <Radio.Group
            optionType="button"
            value={category}
            onChange={(e) => setCategory(e.target.value as NewsCategoryId)}
            options={[
              { label: 'News', value: NEWS_CATEGORIES.news },
              { label: 'Announcement', value: NEWS_CATEGORIES.announcement },
            ]}
            data-testid="news-category"
          />
          <CoverField value={logo} onChange={setLogo} />
          <Tabs
            tabPosition="left"
            activeKey={lang}
            onChange={(key) => setLang(key as Language)}
            items={LANGUAGES.map((l) => ({
              key: l,
              label: (
                <span className={drafts[l]?.title ? 'lang-done' : 'lang-empty'}>
                  {LANGUAGE_LABELS[l]}
                </span>
              ),
              children: (
                <NewsTextFields
                  lang={l}
                  draft={draftOf(drafts, l)}
                  onChange={(next) => setDrafts((all) => ({ ...all, [l]: next }))}
                />
              ),
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}
