import type { Plugin } from 'vite';

/**
 * A build-only plugin that resolves one dependency module, imported from one package, to a
 * shim of ours. The build fails if the module is no longer where this expects it, so a
 * dependency upgrade cannot drop the swap silently. (The dev server sends no CSP.)
 */
export function swapModule(swap: {
  name: string;
  /** Files of the package that import the module. */
  importer: RegExp;
  /** The import specifier of the module swapped. */
  original: RegExp;
  /** Absolute path of our replacement. */
  shim: string;
  /** What the build says when nothing was swapped. */
  missing: string;
}): Plugin {
  let swapped = false;
  return {
    name: swap.name,
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !swap.importer.test(importer) || !swap.original.test(source))
        return undefined;
      swapped = true;
      return swap.shim;
    },
    buildEnd(error) {
      if (!error && !swapped) this.error(swap.missing);
    },
  };
}
