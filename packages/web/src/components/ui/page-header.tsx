import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useGoBack } from './use-go-back.ts';

/** The title bar of a secondary page: back goes to the previous page, or `fallback` on a direct visit. */
export function PageHeader({
  title,
  right,
  fallback = '/',
}: {
  title: ReactNode;
  right?: ReactNode;
  fallback?: string;
}) {
  const back = useGoBack(fallback);
  return (
    <NavBar className="page-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
