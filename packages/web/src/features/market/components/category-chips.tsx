import { useCategories } from '../api/market-api.ts';

/** Category chips: tapping one filters the list to it, tapping it again shows everything. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { data: categories = [] } = useCategories();
  return (
    <div className="category-chips" role="toolbar">
      {categories.map((category) => (
        <button
          type="button"
          key={category.Id}
          className={category.Id === value ? 'chip active' : 'chip'}
          aria-pressed={category.Id === value}
          onClick={() => onChange(category.Id === value ? undefined : category.Id)}
        >
          {category.NameShowTrans}
        </button>
      ))}
    </div>
  );
}
