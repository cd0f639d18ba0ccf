/**
 * A configuration form's values as the server takes them: texts trimmed (the server trims too,
 * but then what the operator sees after saving is what they sent), the row's id when editing.
 */
export function toSaveParams<T extends object>(
  values: T,
  id: number | undefined,
): T & { id?: number } {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as T;
  return id === undefined ? trimmed : { ...trimmed, id };
}
