// The first screen, rendered on the server (issue 39): home's quote list with its banner, and
// trade's header and last price for each instrument, from the server's current snapshot and
// in the reader's language — so that they paint with the HTML instead of after the app's
// JavaScript. Built on its own (vite.ssr.config.ts) into dist-ssr/, which the server imports;
// the same components render them as in the app, so the app's first render lays out the same
// boxes when it replaces them.
import './server-globals.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type FirstScreen,
  type FirstScreenInput,
  isRightToLeft,
  LANGUAGE_TAGS,
  type Language,
  type ResponseOf,
} from '@tradedesk/contract';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { FooterTabs } from '../app/tabs.tsx';
import { categoriesQuery, tradeListQuery } from '../features/market/api/market-api.ts';
import { PeriodBar } from '../features/market/components/period-bar.tsx';
import { HomePage } from '../features/market/pages/home-page.tsx';
import { TradeHeader, TradeQuote } from '../features/market/pages/trade-page.tsx';
import { announcementsHeadQuery } from '../features/news/api/news-api.ts';
import { HomeAnnouncement } from '../features/news/components/home-announcement.tsx';
import { PATHS } from '../lib/route-paths.ts';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*.json', {
  eager: true,
});

/** One i18next instance per language, made on first use (the app's options, i18n/i18n.ts). */
const translators = new Map<Language, typeof i18next>();

function translatorFor(language: Language): typeof i18next {
  let translator = translators.get(language);
  if (!translator) {
    const texts = locales[`../i18n/locales/${language}.json`]?.default;
    if (!texts) throw new Error(`No locale file for ${language}`);
    translator = i18next.createInstance();
    void translator.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: texts } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    translators.set(language, translator);
  }
  return translator;
}

/** The shell around a page as the app renders it (app/app-shell.tsx), footer included. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <main className="app-main with-footer">{children}</main>
      <FooterTabs />
    </div>
  );
}

/** Trade's top as the page shows it before its chart has drawn (trade-page.tsx). */
function TradeTop({ instrument }: { instrument: ResponseOf<'tradeList'>[number] }) {
  const noop = () => {};
  return (
    <div className="trade-page">
      <TradeHeader terms={instrument} onPick={noop} />
      <TradeQuote id={instrument.Id} />
      <PeriodBar value="15min" onChange={noop} />
      {/* The chart draws in the browser: its box holds the place meanwhile. */}
      <div className="candle-chart" />
    </div>
  );
}

/**
 * Style attributes as `data-style`: the policy refuses style written in markup (style-src
 * 'self'), and the page's script sets each through the CSSOM, which the policy allows, as it
 * puts the screen in place (index.html). React writes only its own attributes this way: a
 * text's quotes are escaped, so no text can match.
 */
function inertStyles(html: string): string {
  return html.replaceAll(' style="', ' data-style="');
}

export function renderFirstScreen(input: FirstScreenInput): FirstScreen {
  const { language } = input;
  const queries = new QueryClient();
  queries.setQueryData(tradeListQuery.queryKey, input.tradeList);
  queries.setQueryData(categoriesQuery(language).queryKey, input.categories);
  queries.setQueryData(announcementsHeadQuery(language).queryKey, input.announcements);
  const render = (path: string, page: ReactNode) =>
    inertStyles(
      renderToString(
        <QueryClientProvider client={queries}>
          <I18nextProvider i18n={translatorFor(language)}>
            <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
          </I18nextProvider>
        </QueryClientProvider>,
      ),
    );
  return {
    lang: LANGUAGE_TAGS[language],
    dir: isRightToLeft(language) ? 'rtl' : 'ltr',
    home: render(
      PATHS.home,
      <Shell>
        <div>
          <HomePage banner={<HomeAnnouncement />} />
        </div>
      </Shell>,
    ),
    tradeShell: render(
      PATHS.trade,
      <Shell>
        <div data-first-screen-slot="" />
      </Shell>,
    ),
    trades: input.tradeList.map((instrument) => ({
      id: instrument.Id,
      code: instrument.Code,
      html: render(PATHS.trade, <TradeTop instrument={instrument} />),
    })),
  };
}
