import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The title bar of a secondary page: back goes to the previous page, or home on a direct visit. */
export function PageHeader({ title, right, fallback = '/' }: { title: ReactNode; right?: ReactNode; fallback?: string }) {
  const navigate = useNavigate();
  const back = () => {
    const hasHistory = (window.history.state as { idx?: number } | null)?.idx;
    if (hasHistory) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <NavBar className="page-header" onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
