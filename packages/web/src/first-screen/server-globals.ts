// Imported first by render-first-screen.tsx, before any module of the app runs. Some read
// the reader's stored choices as they load (i18n/locale-bundles.ts starts the stored
// language's download at once); on the server there is no reader: an empty storage, so that
// they take their defaults. The server renders with explicit inputs, never with these.
if (typeof globalThis.localStorage === 'undefined') {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}
