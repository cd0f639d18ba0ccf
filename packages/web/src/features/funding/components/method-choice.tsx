import type { BoundMethod } from '@tradedesk/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { describeMethod, isMethodUsable } from '../lib/method-views.ts';
import { OptionCard } from './option-card.tsx';

/**
 * The bound methods a withdrawal in one currency may go to. A method still in its
 * cooling-off shows when it unlocks and cannot be chosen. With none bound, the row invites
 * the trader to bind one (`onMissing`).
 */
export function MethodChoice(props: {
  methods: readonly BoundMethod[];
  chosenId: number | null;
  onChoose(id: number): void;
  onMissing(): void;
  onAdd(): void;
}) {
  const { t } = useTranslation();
  const now = Date.now();
  if (props.methods.length === 0) {
    return (
      <button
        type="button"
        className="option-card option-missing"
        onClick={props.onMissing}
        data-testid="withdraw-method-missing"
      >
        <span className="option-title">{t('withdraw.no_method')}</span>
        <RightOutline className="option-chevron" />
      </button>
    );
  }
  return (
    <fieldset className="option-list">
      <legend className="visually-hidden">{t('withdraw.method')}</legend>
      {props.methods.map((method) => {
        const usable = isMethodUsable(method, now);
        const { title, detail } = describeMethod(method);
        return (
          <OptionCard
            key={method.id}
            name="method"
            checked={method.id === props.chosenId}
            disabled={!usable}
            onChoose={() => props.onChoose(method.id)}
            testId="withdraw-method"
            id={method.id}
          >
            <span className="option-title" dir="auto">
              {title}
            </span>
            <span className="option-detail" dir="auto">
              {detail}
            </span>
            {usable ? null : (
              <span className="option-cooling" data-testid="method-usable-at">
                {t('wallet.usable_from', { time: formatLocalDateTime(method.usable_at) })}
              </span>
            )}
          </OptionCard>
        );
      })}
      <button
        type="button"
        className="option-add"
        onClick={props.onAdd}
        data-testid="withdraw-add-method"
      >
        {t('wallet.add_method')}
      </button>
    </fieldset>
  );
}
