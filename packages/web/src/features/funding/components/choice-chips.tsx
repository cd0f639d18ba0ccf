import { Selector } from 'antd-mobile';

/**
 * One choice among a few (a network, a currency), all in sight: quicker on a phone than a
 * picker. A second line (a currency's network) keeps the chips narrow. Tapping the chosen one
 * again keeps it.
 */
export function ChoiceChips<V extends string | number>({
  options,
  value,
  onChange,
  label,
  testId,
}: {
  options: readonly { value: V; label: string; description?: string }[];
  value: NoInfer<V> | null;
  onChange(value: NoInfer<V>): void;
  label: string;
  testId: string;
}) {
  return (
    <div className="choice-chips">
      <Selector<V>
        aria-label={label}
        columns={options.length > 2 ? 3 : 2}
        options={options.map((o) => ({
          value: o.value,
          label: <span dir="ltr">{o.label}</span>,
          description: o.description ? <span dir="ltr">{o.description}</span> : undefined,
        }))}
        value={value === null ? [] : [value]}
        onChange={(v) => v[0] !== undefined && onChange(v[0])}
        data-testid={testId}
      />
    </div>
  );
}
