import type { LeaderSettings } from '@tradedesk/contract';
import { Button, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/bidi.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveLeaderSettings } from '../api/save-leader-settings-api.ts';

/** How the ranking masks an address (the server's rule), as an example. */
const MASKED_EXAMPLE = 'ab***@***.com';

interface Choice {
  listed: boolean;
  copyable: boolean;
}

const choiceOf = (settings: LeaderSettings): Choice => ({
  listed: settings.listed === 1,
  copyable: settings.copyable === 1,
});

/** What one switch lets others see or do, in plain words, one point a line. */
function ConsentPoints({ points, testId }: { points: readonly string[]; testId: string }) {
  return (
    <ul className="consent-points" data-testid={testId}>
      {points.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </ul>
  );
}

/**
 * The trader's two choices: listed (a public profile in the ranking) and copyable (others may
 * start copies), each with what it shows or allows. Copyable needs listed — nobody copies a
 * trader they cannot see — so it is off and cannot be turned on while listed is off, as the
 * server stores it. Saved together with Save, never on each tap, so a trader can read both
 * before any of it is public.
 */
export function ConsentForm({ settings }: { settings: LeaderSettings }) {
  const { t } = useTranslation();
  const save = useSaveLeaderSettings();
  const saved = choiceOf(settings);
  const [choice, setChoice] = useState<Choice>(saved);
  const changed = choice.listed !== saved.listed || choice.copyable !== saved.copyable;

  async function submit() {
    if (!changed || save.isPending) return;
    try {
      const answer = await save.mutateAsync({
        listed: choice.listed ? 1 : 0,
        copyable: choice.copyable ? 1 : 0,
      });
      setChoice(choiceOf(answer));
      toast.show({ content: t('consent.saved') });
    } catch {
      // The client has toasted the refusal; the switches keep what the trader chose.
    }
  }

  return (
    <>
      <section className="copy-section consent-section" data-testid="consent-listed-section">
        <div className="consent-switch-row">
          <h2 id="consent-listed-label">{t('consent.listed')}</h2>
          <Switch
            aria-labelledby="consent-listed-label"
            checked={choice.listed}
            onChange={(listed) => setChoice((c) => ({ listed, copyable: listed && c.copyable }))}
            data-testid="consent-listed"
          />
        </div>
        <p className="consent-lead">{t('consent.listed_intro')}</p>
        <ConsentPoints
          testId="consent-listed-points"
          points={[
            t('consent.listed_figures'),
            t('consent.listed_monthly'),
            t('consent.listed_positions'),
            // One left-to-right unit in Arabic, so that its "(…)" stays around it.
            t('consent.listed_contact', { example: isolateLtr(MASKED_EXAMPLE) }),
          ]}
        />
      </section>
      <section className="copy-section consent-section" data-testid="consent-copyable-section">
        <div className="consent-switch-row">
          <h2 id="consent-copyable-label">{t('consent.copyable')}</h2>
          <Switch
            aria-labelledby="consent-copyable-label"
            checked={choice.copyable}
            disabled={!choice.listed}
            onChange={(copyable) => setChoice((c) => ({ ...c, copyable }))}
            data-testid="consent-copyable"
          />
        </div>
        {choice.listed ? null : (
          <p className="consent-lead" data-testid="consent-needs-listed">
            {t('consent.copyable_needs_listed')}
          </p>
        )}
        <ConsentPoints
          testId="consent-copyable-points"
          points={[
            t('consent.copyable_mirror'),
            t('consent.copyable_skipped'),
            t('consent.copyable_off'),
          ]}
        />
      </section>
      <div className="consent-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!changed}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="consent-save"
        >
          {t('consent.save')}
        </Button>
      </div>
    </>
  );
}
