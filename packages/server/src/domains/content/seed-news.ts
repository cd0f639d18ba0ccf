import { type Language, NEWS_STATUS } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { createNewsRepository } from './news.repository.ts';
import { type NewsImages, newsImageUrl, renderSeedCover } from './news-images.ts';
import { sanitizeNewsHtml } from './news-sanitizer.ts';
import { ACCOUNT_SAFETY } from './seed-account-safety.ts';
import { HOLIDAY_HOURS, RESTRICTED_REGIONS } from './seed-announcements.ts';
import type { SeedArticle } from './seed-articles.ts';
import { LEVERAGE_EXPLAINED, STOP_LOSS, WEEK_AHEAD } from './seed-market-news.ts';
import type { ContentTables } from './tables.ts';

/** What a fresh installation publishes: the required announcement first (pinned). */
export const SEED_ARTICLES: readonly SeedArticle[] = [
  RESTRICTED_REGIONS,
  HOLIDAY_HOURS,
  ACCOUNT_SAFETY,
  WEEK_AHEAD,
  LEVERAGE_EXPLAINED,
  STOP_LOSS,
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Drawn once per process: the same bytes for every start (tests start many apps). */
const drawn = new Map<string, Promise<Buffer>>();
function drawCover(article: SeedArticle): Promise<Buffer> {
  let cover = drawn.get(article.key);
  if (!cover) {
    cover = renderSeedCover(article.cover.colours, article.cover.bars);
    drawn.set(article.key, cover);
  }
  return cover;
}
export const seedCoverName = (key: string) => `news-seed-${key}.png`;

/**
 * Publishes the seeded articles once. Each article and its texts go in one transaction keyed
 * by its seed key (unique in the database): nodes starting together insert it exactly once,
 * and a restart or upgrade never brings back or overwrites what an editor changed.
 */
export async function seedNews(deps: {
  db: Kysely<ContentTables>;
  images: NewsImages;
  now: () => number;
}): Promise<void> {
  const { db, images, now } = deps;
  const start = now();
  for (const article of SEED_ARTICLES) {
    const cover = seedCoverName(article.key);
    // Drawn before the row exists, so a published seed never points at a missing image.
    await images.ensure(cover, () => drawCover(article));
    const at = start - article.daysAgo * DAY_MS;
    await db.transaction().execute(async (trx) => {
      const repo = createNewsRepository(trx);
      const id = await repo.insertSeed({
        seedKey: article.key,
        categoryId: article.categoryId,
        logo: newsImageUrl(cover),
        status: NEWS_STATUS.published,
        pinned: article.pinned,
        at,
        publishedAt: at,
      });
      if (id === undefined) return;
      await repo.replaceTexts(
        id,
        (Object.entries(article.texts) as [Language, SeedArticle['texts'][Language]][]).map(
          ([lang, text]) => ({ lang, ...text, content: sanitizeNewsHtml(text.content) }),
        ),
      );
    });
  }
}
