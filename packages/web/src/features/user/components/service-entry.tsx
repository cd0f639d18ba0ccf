import { List } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { useCopyText } from '../../../lib/copy-text.ts';
import { showDialog } from '../../../lib/dialogs.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { serviceAction } from '../lib/service-link.ts';

/**
 * The "customer service" entry of /user, following getBasicInfo's service_link_type
 * (SPEC.md §9): a dialog with the link and a copy button, the link opened outside the app,
 * or the in-app chat page.
 */
export function ServiceEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useCopyText();
  const { data: info } = useBasicInfo();

  const open = () => {
    const action = serviceAction(info);
    if (action.kind === 'chat') {
      navigate(PATHS.chat);
      return;
    }
    if (action.kind === 'external') {
      // noopener: the service's page gets no handle on this window (and cannot navigate it).
      window.open(action.link, '_blank', 'noopener,noreferrer');
      return;
    }
    showDialog({
      title: t('user.service'),
      content: (
        <div className="service-dialog" data-testid="service-dialog">
          <p>{t('user.service_link_hint')}</p>
          <p className="service-dialog-link" dir="ltr" data-testid="service-dialog-link">
            {action.link}
          </p>
        </div>
      ),
      closeOnMaskClick: true,
      closeOnAction: true,
      actions: [
        [
          { key: 'close', text: t('public.back') },
          {
            key: 'copy',
            text: t('public.copy'),
            bold: true,
            onClick: () => copy(action.link),
          },
        ],
      ],
    });
  };

  return (
    <List.Item prefix={<MessageOutline />} onClick={open} data-testid="menu-service">
      {t('user.service')}
    </List.Item>
  );
}
