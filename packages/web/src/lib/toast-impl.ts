// The one static import of antd-mobile's Toast in the first screens' graph: lib/toast.ts
// loads this module on demand, so that the Toast and its animation library load apart.
export { Toast } from 'antd-mobile';
