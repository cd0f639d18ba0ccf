import { COPY_STATUS, type Copy } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { usePauseCopy, useResumeCopy, useStopCopy } from '../api/copy-actions-api.ts';
import { formatUsd } from '../lib/copy-figures.ts';

/**
 * What the follower can do with a running copy: pause or resume it, move money in or out,
 * stop it. Stopping closes positions at market, so it asks first and says what happens.
 */
export function CopyActions({ copy, onFunds }: { copy: Copy; onFunds(): void }) {
  const { t } = useTranslation();
  const pause = usePauseCopy();
  const resume = useResumeCopy();
  const stop = useStopCopy();
  const busy = pause.isPending || resume.isPending || stop.isPending;

  async function confirmStop() {
    const ok = await confirmDialog({
      title: t('copy.stop_title'),
      content: (
        <p data-testid="stop-confirm-text">
          {t('copy.stop_confirm', { equity: formatUsd(copy.equity) })}
        </p>
      ),
      confirmText: t('copy.stop'),
      cancelText: t('public.cancel'),
    });
    // A refusal is toasted by the client; the copy stays as the list shows it.
    if (ok) stop.mutate(copy.id);
  }

  return (
    <div className="copy-actions">
      {copy.status === COPY_STATUS.active ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() => pause.mutate(copy.id)}
          data-testid="copy-pause"
        >
          {t('copy.pause')}
        </Button>
      ) : (
        <Button
          size="small"
          color="primary"
          fill="outline"
          disabled={busy}
          onClick={() => resume.mutate(copy.id)}
          data-testid="copy-resume"
        >
          {t('copy.resume')}
        </Button>
      )}
      <Button size="small" disabled={busy} onClick={onFunds} data-testid="copy-funds">
        {t('copy.funds')}
      </Button>
      <Button
        size="small"
        color="danger"
        fill="outline"
        disabled={busy}
        onClick={confirmStop}
        data-testid="copy-stop"
      >
        {t('copy.stop')}
      </Button>
    </div>
  );
}
