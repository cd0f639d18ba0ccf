import { InfiniteScroll, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useInviteList } from '../api/invite-api.ts';
import { localDate } from '../lib/local-date.ts';

/** A date read left to right inside a right-to-left sentence (U+2066 LRI … U+2069 PDI). */

/** The people who registered with my code: masked contact, date, verified or not. */
export function InviteeList() {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetched } = useInviteList();
  const invitees = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  return (
    <section className="account-section" data-testid="invitee-list">
      <h2 className="account-section-title">
        {t('invite.invitees')}
        {isFetched ? (
          <span className="account-section-count" data-testid="invitee-total">
            {t('invite.count', { count: total })}
          </span>
        ) : null}
      </h2>
      {isFetched && invitees.length === 0 ? (
        <p className="account-empty">{t('invite.none')}</p>
      ) : null}
      {invitees.map((invitee, index) => (
        <div
          className="invitee-row"
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own (masked contacts repeat) and pages only append
          key={index}
          data-testid="invitee-row"
        >
          <div className="invitee-lines">
            <span className="invitee-contact" dir="ltr" data-testid="invitee-contact">
              {invitee.contact}
            </span>
            <span className="invitee-date">
              {t('invite.registered', { date: localDate(invitee.created_at) })}
            </span>
          </div>
          <Tag
            color={invitee.verified === 1 ? 'success' : 'default'}
            fill="outline"
            data-testid="invitee-verified"
          >
            {invitee.verified === 1 ? t('invite.verified') : t('invite.unverified')}
          </Tag>
        </div>
      ))}
      <InfiniteScroll
        loadMore={async () => void (await fetchNextPage())}
        hasMore={hasNextPage ?? false}
      >
        {hasNextPage ? undefined : <span />}
      </InfiniteScroll>
    </section>
  );
}
