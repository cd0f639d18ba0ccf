/** antd's styles, rendered at build time by build/antd-styles.ts. */
declare module 'virtual:antd.css';
