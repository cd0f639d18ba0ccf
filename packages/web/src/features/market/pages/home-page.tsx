import { Button } from 'antd-mobile';
import { GlobalOutline, SearchOutline } from 'antd-mobile-icons';
import { memo, type ReactNode, useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';
import { useTradeList } from '../api/market-api.ts';
import { CategoryChips } from '../components/category-chips.tsx';
import { MarketRow, MarketRowSkeleton } from '../components/market-row.tsx';
import { useCurrentInstrument } from '../stores/current-instrument.ts';

/** The skeleton shows 10 rows while loading (SPEC.md §9); they never reorder. */
const SKELETON_KEYS = Array.from({ length: 10 }, (_, i) => `skeleton-${i}`);

/**
 * The quote list, by category. Quote frames arrive ten times a second: they re-render this
 * list alone (not the page around it), as a deferred update in slices that let taps and
 * paints through, and in it only the rows whose instrument changed.
 */
const MarketList = memo(function MarketList({
  category,
  onOpen,
}: {
  category: number | undefined;
  onOpen: (id: number) => void;
}) {
  const instruments = useDeferredValue(useTradeList().data);
  const shown =
    category === undefined ? instruments : instruments?.filter((i) => i.CategoryId === category);
  return (
    <section className="market-list" data-testid="market-list">
      {shown
        ? shown.map((instrument) => (
            <MarketRow key={instrument.Id} instrument={instrument} onOpen={onOpen} />
          ))
        : SKELETON_KEYS.map((key) => <MarketRowSkeleton key={key} />)}
    </section>
  );
});

/**
 * Home: live quotes by category, search, language, and the announcement banner (the news
 * feature's, composed in by the app shell: features do not import each other).
 */
export function HomePage({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const [category, setCategory] = useState<number>();
  const select = useCurrentInstrument((s) => s.select);

  const open = useCallback(
    (id: number) => {
      select(id);
      navigate('/trade');
    },
    [navigate, select],
  );
  return (
    <div className="home-page">
      <header className="home-header">
        <div className="home-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </div>
        <div className="home-icons">
          <Link to="/product" aria-label={t('market.search')} className="icon-link light">
            <SearchOutline fontSize={22} />
          </Link>
          <Link to="/language" aria-label={t('home.language')} className="icon-link light">
            <GlobalOutline fontSize={22} />
          </Link>
        </div>
      </header>
      {banner}
      {loggedIn ? null : (
        <section className="home-cta">
          <span>{t('home.greeting_visitor')}</span>
          <Button size="small" color="primary" onClick={() => navigate('/login')}>
            {t('home.login')}
          </Button>
        </section>
      )}
      <CategoryChips value={category} onChange={setCategory} />
      <MarketList category={category} onOpen={open} />
    </div>
  );
}
