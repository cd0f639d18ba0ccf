import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useAttemptKey } from '../../../lib/use-attempt-key.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { useCopyLeader } from '../api/copy-leader-api.ts';
import {
  type CopyDraft,
  findCopyDraftProblem,
  INITIAL_COPY_DRAFT,
  toCopyRequest,
} from '../lib/copy-draft.ts';
import { CopyAmountField, CopyOpenSwitch, CopyStopLossField } from './copy-form-fields.tsx';

interface Leader {
  id: number;
  user: string;
}

/**
 * The copy form: an amount from the free balance, the copy stop-loss, and whether to open
 * the leader's current positions too. Mounted afresh each time the sheet opens, so each
 * opening is one attempt with its own Idempotency-Key: a double tap, or a retry after a lost
 * answer, can never copy twice.
 */
function CopyForm({ leader }: { leader: Leader }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: balance } = useQuery({ ...balanceQuery, staleTime: 0 });
  const copyLeader = useCopyLeader();
  const attempt = useAttemptKey();
  const [draft, setDraft] = useState<CopyDraft>(INITIAL_COPY_DRAFT);
  // Problems show once Copy was tapped, then follow the fields as they change.
  const [checked, setChecked] = useState(false);
  const problem = findCopyDraftProblem(draft, balance?.balance);
  const update = (change: Partial<CopyDraft>) => setDraft((d) => ({ ...d, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (problem || copyLeader.isPending) return;
    const params = toCopyRequest(leader.id, draft);
    try {
      await copyLeader.mutateAsync({
        params,
        idempotencyKey: attempt.keyFor(JSON.stringify(params)),
      });
      attempt.settle();
      navigate(PATHS.copies);
    } catch {
      // The client has toasted the server's refusal; the form keeps what was entered.
    }
  }

  return (
    <form className="copy-form" onSubmit={submit} noValidate data-testid="copy-sheet">
      <h2>
        {t('copy.sheet_title')}
        <span className="copy-sheet-leader">
          <bdi>{leader.user}</bdi>
        </span>
      </h2>

      <CopyAmountField draft={draft} update={update} freeBalance={balance?.balance} />
      <CopyStopLossField draft={draft} update={update} />
      <CopyOpenSwitch draft={draft} update={update} />

      {checked && problem ? (
        <p className="copy-problem" role="alert" data-testid="copy-problem">
          {t(problem.key, problem.values)}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={copyLeader.isPending}
        data-testid="copy-confirm"
      >
        {t('copy.confirm')}
      </Button>
      <p className="copy-note">{t('copy.sheet_note')}</p>
    </form>
  );
}

/** The copy sheet over the profile; closed, its form is gone with its attempt. */
export function CopySheet({
  leader,
  open,
  onClose,
}: {
  leader: Leader;
  open: boolean;
  onClose(): void;
}) {
  useBackCloses(open, onClose);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="copy-sheet"
      showCloseButton
      destroyOnClose
    >
      {open ? <CopyForm leader={leader} /> : null}
    </Popup>
  );
}
