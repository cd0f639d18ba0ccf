import { type ContactType, SHOW_MOBILE } from '@tradedesk/contract';
import { Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from './area-select.tsx';

export interface ContactValue {
  type: ContactType;
  email: string;
  mobile: string;
  areaId: number | undefined;
}

/**
 * E-mail or mobile, by the is_show_mobile setting: 0 e-mail only, 1 area code plus number,
 * 3 number only (SPEC.md §5).
 */
export function ContactFields({
  value,
  onChange,
  showMobile,
}: {
  value: ContactValue;
  onChange: (next: ContactValue) => void;
  showMobile: number;
}) {
  const { t } = useTranslation();
  const mobileAllowed = showMobile !== SHOW_MOBILE.off;
  return (
    <>
      {mobileAllowed ? (
        <Tabs
          activeKey={value.type}
          onChange={(key) => onChange({ ...value, type: key as ContactType })}
          className="contact-tabs"
        >
          <Tabs.Tab key="email" title={t('register.by_email')} />
          <Tabs.Tab key="mobile" title={t('register.by_mobile')} />
        </Tabs>
      ) : null}
      {value.type === 'email' || !mobileAllowed ? (
        <div className="field">
          <Input
            name="email"
            type="email"
            placeholder={t('register.email_placeholder')}
            value={value.email}
            onChange={(email) => onChange({ ...value, email })}
            autoComplete="email"
            clearable
          />
        </div>
      ) : (
        <div className="field">
          {showMobile === SHOW_MOBILE.withArea ? (
            <AreaSelect
              value={value.areaId}
              onChange={(areaId) => onChange({ ...value, areaId })}
            />
          ) : null}
          <Input
            name="mobile"
            type="tel"
            placeholder={t('register.mobile_placeholder')}
            value={value.mobile}
            onChange={(mobile) => onChange({ ...value, mobile })}
            autoComplete="tel-national"
            clearable
          />
        </div>
      )}
    </>
  );
}
