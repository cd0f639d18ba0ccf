import { Dialog, type DialogConfirmProps, type DialogShowProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { openOverlayEntry, releaseOverlayEntry } from './back-closes-overlay.ts';

type Action = NonNullable<DialogShowProps['actions']>[number];
type DialogShowHandler = ReturnType<typeof Dialog.show>;

/**
 * antd-mobile's imperative dialogs, closed by the phone's Back like every other overlay
 * (see back-closes-overlay.ts). Use these instead of `Dialog.show` / `Dialog.confirm`.
 */
export function showDialog(props: DialogShowProps): DialogShowHandler {
  let id: string | undefined;
  // Released as soon as the dialog starts closing, before an action's own work: what the
  // trader does next (open another sheet, go to another page) must find its entry gone.
  const release = () => {
    if (id !== undefined) releaseOverlayEntry(id);
  };
  const releasing = (action: Action): Action => {
    if (Array.isArray(action)) return action.map((a) => releasingOne(a));
    return releasingOne(action);
  };
  const releasingOne = (action: Exclude<Action, unknown[]>): Exclude<Action, unknown[]> => {
    return {
      ...action,
      onClick: () => {
        if (props.closeOnAction) release();
        return action.onClick?.();
      },
    };
  };
  // A close asked before the opening animation's first frame would leave the dialog in the
  // page for good: antd-mobile's spring has nothing to animate from there (it is still at its
  // closed values), so it never calls afterClose and never unmounts it. Such a close (a Back
  // pressed at once) waits until the dialog has shown.
  let shown = false;
  let closeWhenShown = false;
  const close = (): void => {
    if (shown) handler.close();
    else closeWhenShown = true;
  };
  const handler = Dialog.show({
    ...props,
    ...(props.actions ? { actions: props.actions.map(releasing) } : {}),
    afterShow: () => {
      shown = true;
      props.afterShow?.();
      if (closeWhenShown) handler.close();
    },
    onClose: () => {
      release();
      props.onClose?.();
    },
    afterClose: () => {
      release();
      props.afterClose?.();
    },
  });
  id = openOverlayEntry(close);
  return {
    close: () => {
      release();
      close();
    },
  };
}

/** Resolves true on confirm; false on cancel, the mask, or Back. */
export function confirmDialog({
  confirmText,
  cancelText,
  onConfirm,
  onCancel,
  onClose,
  ...props
}: DialogConfirmProps & { confirmText: ReactNode; cancelText: ReactNode }): Promise<boolean> {
  return new Promise((resolve) => {
    showDialog({
      ...props,
      closeOnAction: true,
      onClose: () => {
        onClose?.();
        resolve(false);
      },
      afterClose: () => resolve(false),
      actions: [
        [
          {
            key: 'cancel',
            text: cancelText,
            onClick: async () => {
              await onCancel?.();
              resolve(false);
            },
          },
          {
            key: 'confirm',
            text: confirmText,
            bold: true,
            onClick: async () => {
              await onConfirm?.();
              resolve(true);
            },
          },
        ],
      ],
    });
  });
}
