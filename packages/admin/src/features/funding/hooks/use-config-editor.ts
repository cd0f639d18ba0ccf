import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import type { ConfigFormProps } from '../components/config-form-modal.tsx';
import { toSaveParams } from '../lib/config-values.ts';

/** The save mutation of one kind of configuration row (react-query's, as far as used here). */
interface SaveMutation<Values, Saved> {
  mutate(params: Values & { id?: number }, options: { onSuccess(saved: Saved): void }): void;
  isPending: boolean;
}

/**
 * Which row of a configuration table is open in its form (or a new one), and saving it: the
 * values trimmed, the row's id when editing; once saved, `savedMessage` and the form closes.
 */
export function useConfigEditor<Row extends { id: number }, Values extends object, Saved>(
  save: SaveMutation<Values, Saved>,
  savedMessage: (saved: Saved) => string,
) {
  const [editing, setEditing] = useState<Row | 'new'>();
  const current = editing === 'new' ? undefined : editing;
  const close = () => setEditing(undefined);

  const form: ConfigFormProps<Row, Values> = {
    open: editing !== undefined,
    current,
    pending: save.isPending,
    onSubmit: (values) =>
      save.mutate(toSaveParams(values, current?.id), {
        onSuccess: (saved) => {
          notify.success(savedMessage(saved));
          close();
        },
      }),
    onCancel: close,
  };

  return { form, edit: (row: Row) => setEditing(row), add: () => setEditing('new') };
}
