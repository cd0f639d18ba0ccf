import { type Area, LANGUAGE_TAGS, type Language, normalizeLanguage } from '@tradedesk/contract';
import { List, Popup, SearchBar } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useAreaList } from '../api/auth-api.ts';

/** The area a new visitor most likely dials from, by interface language. */
const DEFAULT_AREA_BY_LANGUAGE: Record<Language, string> = {
  hk: 'HK',
  en: 'GB',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  vn: 'VN',
  fr: 'FR',
  de: 'DE',
  ru: 'RU',
  spa: 'ES',
  pt: 'BR',
  ar: 'AE',
  it: 'IT',
  tr: 'TR',
  id: 'ID',
};

function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export function defaultAreaId(areas: readonly Area[], language: Language): number | undefined {
  return areas.find((a) => a.code === DEFAULT_AREA_BY_LANGUAGE[language])?.id;
}

/** Area code picker: flag, country name in the interface language, calling code; searchable. */
export function AreaSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const { data: areas = [] } = useAreaList();
  const [open, setOpen] = useState(false);
  useBackCloses(open, () => setOpen(false));
  const [query, setQuery] = useState('');
  const names = useMemo(
    () => new Intl.DisplayNames([LANGUAGE_TAGS[language]], { type: 'region' }),
    [language],
  );
  const nameOf = (code: string) => names.of(code) ?? code;
  const selected = areas.find((a) => a.id === value);
  const needle = query.trim().toLowerCase().replace(/^\+/, '');
  const shown = needle
    ? areas.filter(
        (a) =>
          a.global_code.startsWith(needle) ||
          a.code.toLowerCase() === needle ||
          nameOf(a.code).toLowerCase().includes(needle),
      )
    : areas;

  return (
    <>
      <button
        type="button"
        className="area-select"
        onClick={() => setOpen(true)}
        aria-label={t('register.area')}
      >
        {selected ? `${flagOf(selected.code)} +${selected.global_code}` : t('register.area')}
        <DownFill fontSize={10} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '70vh' }}
        destroyOnClose
      >
        <div className="area-popup">
          <SearchBar placeholder={t('register.area_search')} value={query} onChange={setQuery} />
          <List className="area-list">
            {shown.map((area) => (
              <List.Item
                key={area.id}
                prefix={flagOf(area.code)}
                extra={`+${area.global_code}`}
                onClick={() => {
                  onChange(area.id);
                  setOpen(false);
                  setQuery('');
                }}
              >
                {nameOf(area.code)}
              </List.Item>
            ))}
          </List>
        </div>
      </Popup>
    </>
  );
}
