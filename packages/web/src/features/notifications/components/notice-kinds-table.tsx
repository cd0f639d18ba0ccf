import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeChoices,
  type NoticeKind,
} from '@tradedesk/contract';
import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The six kinds, a row each, with a switch per channel: In app, Push, E-mail. */
export function NoticeKindsTable({
  kinds,
  onChange,
}: {
  kinds: NoticeChoices;
  onChange: (kind: NoticeKind, channel: NoticeChannel, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="notif-section" data-testid="notice-kinds">
      <h2>{t('notifications.kinds_title')}</h2>
      <table className="notif-kinds">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('notifications.kind')}</span>
            </th>
            {NOTICE_CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {t(`notifications.channel_${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((kind) => (
            <tr key={kind} data-testid={`kind-${kind}`}>
              <th scope="row">{t(`notifications.kind_${kind}`)}</th>
              {NOTICE_CHANNELS.map((channel) => (
                <td key={channel}>
                  <Switch
                    aria-label={`${t(`notifications.kind_${kind}`)}: ${t(`notifications.channel_${channel}`)}`}
                    checked={kinds[kind][channel]}
                    onChange={(on) => onChange(kind, channel, on)}
                    data-testid={`switch-${kind}-${channel}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
