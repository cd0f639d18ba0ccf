import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const back = useGoBack(fallback);
  return (
    <NavBar
      className="page-header"
      onBack={back}
      right={right}
      // antd-mobile's back button is an arrow alone: its name is said, not shown.
      backIcon={
        <>
          <LeftOutline />
          <span className="visually-hidden">{t('public.back')}</span>
        </>
      }
    >
      {title}
    </NavBar>
  );
}
