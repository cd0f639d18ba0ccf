import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Opens a page that is for real accounts only: charge, withdraw, wallet, identity, invitations,
 * password and the copy-trading consent (SPEC.md §5, issue 36). A demo user is told so and stays
 * where they are. (The routes refuse them too, for a typed address.)
 */
export function useOpenRealOnly(isDemo: boolean): (path: string) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (path: string) => {
    if (isDemo) Toast.show({ content: t('user.only_true_account') });
    else navigate(path);
  };
}
