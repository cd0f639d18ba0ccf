import { Button } from 'antd-mobile';
import { DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../lib/route-paths.ts';

/** Charge and withdraw, side by side under the balance. */
export function FundingButtons({ openRealOnly }: { openRealOnly: (path: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="user-funding">
      <Button color="primary" onClick={() => openRealOnly(PATHS.charge)} data-testid="menu-charge">
        <span className="button-with-icon">
          <DownlandOutline /> {t('user.charge')}
        </span>
      </Button>
      <Button
        color="primary"
        fill="outline"
        onClick={() => openRealOnly(PATHS.withdraw)}
        data-testid="menu-withdraw"
      >
        <span className="button-with-icon">
          <UploadOutline /> {t('user.withdraw')}
        </span>
      </Button>
    </div>
  );
}
