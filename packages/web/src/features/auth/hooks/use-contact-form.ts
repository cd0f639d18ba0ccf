import { normalizeLanguage } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { useAreaList, useSendCode } from '../api/auth-api.ts';
import { defaultAreaId } from '../components/area-select.tsx';
import type { ContactValue } from '../components/contact-fields.tsx';

/**
 * The contact part of the register and reset forms: e-mail or mobile with its area (the
 * area defaults by language once the list arrives), and sending a code to it.
 */
export function useContactForm(purpose: 1 | 2) {
  const { t, i18n } = useTranslation();
  const { data: info } = useBasicInfo();
  const { data: areas } = useAreaList();
  const sendCode = useSendCode();
  const [contact, setContact] = useState<ContactValue>({
    type: 'email',
    email: '',
    mobile: '',
    areaId: undefined,
  });

  useEffect(() => {
    if (areas && contact.areaId === undefined) {
      setContact((c) => ({ ...c, areaId: defaultAreaId(areas, normalizeLanguage(i18n.language)) }));
    }
  }, [areas, contact.areaId, i18n.language]);

  const account = contact.type === 'email' ? contact.email.trim() : contact.mobile.trim();
  const areaId = contact.type === 'mobile' ? contact.areaId : undefined;

  // Who a code goes to, as the server spaces codes: per address, the mobile with its area.
  const codeAddress =
    contact.type === 'email'
      ? `email:${account.toLowerCase()}`
      : `mobile:${areaId ?? ''}:${account}`;

  const send = (): Promise<number> => {
    if (!account) {
      Toast.show({ content: t('public.input_full') });
      return Promise.resolve(0);
    }
    return sendCode.mutateAsync({ type: contact.type, to: account, areaId, purpose });
  };

  return {
    contact,
    setContact,
    account,
    areaId,
    codeAddress,
    send,
    info,
    showMobile: info?.is_show_mobile ?? 1,
  };
}
