/**
 * The spinner shown while a page's code loads: a CSS ring rather than antd-mobile's
 * SpinLoading, which animates with react-spring and would put that library (~40 KB of
 * script) into every first screen for a fallback that is seldom seen.
 */
export function PageSpinner() {
  return <div className="page-loading page-spinner" role="progressbar" aria-busy="true" />;
}
