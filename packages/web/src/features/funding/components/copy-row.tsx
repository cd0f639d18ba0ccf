import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCopyText as useCopy } from '../../../lib/copy-text.ts';

/**
 * One labelled value the trader has to type into their bank app or wallet (an address, an
 * account, a SWIFT code), with a copy button. Codes and numbers read left to right in Arabic
 * too (`ltr`); names and addresses follow their own script.
 */
export function CopyRow({
  label,
  value,
  testId,
  ltr = false,
}: {
  label: string;
  value: string;
  testId: string;
  ltr?: boolean;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="copy-row">
      <div className="copy-row-text">
        <span className="copy-row-label">{label}</span>
        <span className="copy-row-value" dir={ltr ? 'ltr' : 'auto'} data-testid={testId}>
          {value}
        </span>
      </div>
      <Button
        size="mini"
        fill="outline"
        color="primary"
        onClick={() => void copy(value)}
        aria-label={`${t('public.copy')} ${label}`}
        data-testid={`${testId}-copy`}
      >
        {t('public.copy')}
      </Button>
    </div>
  );
}
