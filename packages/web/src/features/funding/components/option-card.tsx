import type { ReactNode } from 'react';

/**
 * One choice of a list as a card (a wire account, a bound method): a real radio button,
 * hidden from sight, inside a label the size of the card, so a tap anywhere chooses it and
 * assistive technology reads a radio group.
 */
export function OptionCard(props: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChoose(): void;
  testId: string;
  id: number;
  children: ReactNode;
}) {
  return (
    <label
      className={props.disabled ? 'option-card disabled' : 'option-card'}
      data-testid={props.testId}
      data-id={props.id}
    >
      <input
        type="radio"
        className="option-radio"
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChoose}
      />
      {props.children}
    </label>
  );
}
