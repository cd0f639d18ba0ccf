import { Alert } from 'antd';

interface FourEyesNotesProps {
  /** Prefixes the refusal's test id: `deposit-error`, `withdrawal-error`. */
  kind: 'deposit' | 'withdrawal';
  /** The server's refusal of a second approval by the first approver. */
  refusal: string | undefined;
  /** This operator gave the first approval of a record still waiting for the second. */
  ownFirst: boolean;
}

/** Beside a review's buttons: why this operator may not give the second approval. */
export function FourEyesNotes({ kind, refusal, ownFirst }: FourEyesNotesProps) {
  return (
    <>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid={`${kind}-error`} />}
      {ownFirst && !refusal && (
        <Alert
          type="warning"
          showIcon
          title="You gave the first approval: another operator must give the second."
        />
      )}
    </>
  );
}
