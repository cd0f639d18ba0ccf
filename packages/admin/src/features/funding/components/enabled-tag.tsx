import { Tag } from 'antd';

/** Whether traders are offered a configured channel. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return enabled ? <Tag color="green">enabled</Tag> : <Tag>disabled</Tag>;
}
