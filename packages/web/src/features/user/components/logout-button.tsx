import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { useLogOut } from '../api/user-api.ts';

/** Logout with confirmation; clears the user and goes to / (SPEC.md §2). */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = useLogOut();
  const confirm = async () => {
    const ok = await confirmDialog({
      content: t('user.logout_confirm'),
      confirmText: t('public.confirm'),
      cancelText: t('public.cancel'),
    });
    if (!ok) return;
    await logOut.mutateAsync();
    navigate('/', { replace: true });
  };
  return (
    <Button
      block
      color="danger"
      fill="outline"
      size="large"
      onClick={confirm}
      className="logout-button"
    >
      {t('user.logout')}
    </Button>
  );
}
