import { storedLanguage } from './stored-language.ts';

/**
 * What index.html preloads for one language only — that language's texts (the app's and
 * antd-mobile's) and the calls answered in it — sits inert in a `<template data-language>`
 * (build-plugins/first-paint.ts writes them). This module runs before the app's code, as its
 * own small script, and puts its reader's templates into <head>: the browser then fetches
 * exactly what this reader will use, beside the app's code, and nothing in another language.
 *
 * The page decides, not the server: the choice lives in local storage, which only the page can
 * read, and the service worker answers later visits with a copy of index.html made before any
 * choice. The first render waits for the texts anyway (main.tsx), so nothing shows in another
 * language meanwhile.
 */
export function preloadLanguage(language: string = storedLanguage(), page: Document = document) {
  const templates = page.querySelectorAll<HTMLTemplateElement>(
    `template[data-language="${language}"]`,
  );
  for (const template of templates) page.head.append(page.importNode(template.content, true));
}

preloadLanguage();
