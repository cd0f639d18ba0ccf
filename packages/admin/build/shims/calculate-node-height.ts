/**
 * A stand-in for @rc-component/input's calculateNodeHeight.js (see ../csp-safe-textarea.ts)
 * with the same exports and results. The one change: the hidden measuring <textarea> gets its
 * style through the CSSOM (`style.cssText`), which the Content-Security-Policy allows, instead
 * of a `style` attribute, which it refuses (and then the box shows, unstyled, in <body>).
 */

const HIDDEN_TEXTAREA_STYLE = `
  min-height:0 !important;
  max-height:none !important;
  height:0 !important;
  visibility:hidden !important;
  overflow:hidden !important;
  position:absolute !important;
  z-index:-1000 !important;
  top:0 !important;
  right:0 !important;
  pointer-events: none !important;
`;
const SIZING_STYLE = [
  'letter-spacing',
  'line-height',
  'padding-top',
  'padding-bottom',
  'font-family',
  'font-weight',
  'font-size',
  'font-variant',
  'text-rendering',
  'text-transform',
  'width',
  'text-indent',
  'padding-left',
  'padding-right',
  'border-width',
  'box-sizing',
  'word-break',
  'white-space',
];

interface NodeStyling {
  sizingStyle: string;
  paddingSize: number;
  borderSize: number;
  boxSizing: string;
}

interface AutoSizeStyle {
  height: number;
  overflowY?: 'hidden';
  resize: 'none';
  minHeight?: number;
  maxHeight?: number;
}

const computedStyleCache: Record<string, NodeStyling> = {};
let hiddenTextarea: HTMLTextAreaElement | undefined;

export function calculateNodeStyling(node: HTMLElement, useCache = false): NodeStyling {
  const nodeRef =
    node.getAttribute('id') || node.getAttribute('data-reactid') || node.getAttribute('name');
  const cached = nodeRef ? computedStyleCache[nodeRef] : undefined;
  if (useCache && cached) return cached;
  const style = window.getComputedStyle(node);
  const boxSizing =
    style.getPropertyValue('box-sizing') ||
    style.getPropertyValue('-moz-box-sizing') ||
    style.getPropertyValue('-webkit-box-sizing');
  const paddingSize =
    Number.parseFloat(style.getPropertyValue('padding-bottom')) +
    Number.parseFloat(style.getPropertyValue('padding-top'));
  const borderSize =
    Number.parseFloat(style.getPropertyValue('border-bottom-width')) +
    Number.parseFloat(style.getPropertyValue('border-top-width'));
  const sizingStyle = SIZING_STYLE.map((name) => `${name}:${style.getPropertyValue(name)}`).join(
    ';',
  );
  const nodeInfo = { sizingStyle, paddingSize, borderSize, boxSizing };
  if (useCache && nodeRef) computedStyleCache[nodeRef] = nodeInfo;
  return nodeInfo;
}

function measuringBox(): HTMLTextAreaElement {
  if (!hiddenTextarea) {
    hiddenTextarea = document.createElement('textarea');
    hiddenTextarea.setAttribute('tab-index', '-1');
    hiddenTextarea.setAttribute('aria-hidden', 'true');
    hiddenTextarea.setAttribute('name', 'hiddenTextarea');
    document.body.appendChild(hiddenTextarea);
  }
  return hiddenTextarea;
}

export default function calculateAutoSizeStyle(
  uiTextNode: HTMLTextAreaElement,
  useCache = false,
  minRows: number | null = null,
  maxRows: number | null = null,
): AutoSizeStyle {
  const box = measuringBox();
  const wrap = uiTextNode.getAttribute('wrap');
  if (wrap) box.setAttribute('wrap', wrap);
  else box.removeAttribute('wrap');
  const { paddingSize, borderSize, boxSizing, sizingStyle } = calculateNodeStyling(
    uiTextNode,
    useCache,
  );
  box.style.cssText = `${sizingStyle};${HIDDEN_TEXTAREA_STYLE}`;
  box.value = uiTextNode.value || uiTextNode.placeholder || '';
  let minHeight: number | undefined;
  let maxHeight: number | undefined;
  let overflowY: 'hidden' | undefined;
  let height = box.scrollHeight;
  // border-box: height = content + padding + border; content-box: height = content.
  if (boxSizing === 'border-box') height += borderSize;
  else if (boxSizing === 'content-box') height -= paddingSize;
  if (minRows !== null || maxRows !== null) {
    box.value = ' ';
    const singleRowHeight = box.scrollHeight - paddingSize;
    if (minRows !== null) {
      minHeight = singleRowHeight * minRows;
      if (boxSizing === 'border-box') minHeight = minHeight + paddingSize + borderSize;
      height = Math.max(minHeight, height);
    }
    if (maxRows !== null) {
      maxHeight = singleRowHeight * maxRows;
      if (boxSizing === 'border-box') maxHeight = maxHeight + paddingSize + borderSize;
      overflowY = height > maxHeight ? undefined : 'hidden';
      height = Math.min(maxHeight, height);
    }
  }
  const style: AutoSizeStyle = { height, resize: 'none' };
  if (overflowY) style.overflowY = overflowY;
  if (minHeight) style.minHeight = minHeight;
  if (maxHeight) style.maxHeight = maxHeight;
  return style;
}
