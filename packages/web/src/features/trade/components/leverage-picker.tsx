// Loaded on the leverage field's first tap (see leverage-field.tsx).
export { Picker as default } from 'antd-mobile';
