import { IDENTITY_FIELD_MAX } from '@tradedesk/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageSlotField } from '../../../components/ui/image-slot-field.tsx';
import { useImageSlot } from '../../../components/ui/use-image-slot.ts';
import { useSubmitRealName } from '../api/identity-api.ts';

/** The contract's lengths (constants only: no validation library in this page's chunk). */
const MAX_LENGTH = IDENTITY_FIELD_MAX;

/** Name, document number and both sides of the document; a rejected submission comes back prefilled. */
export function RealNameForm({
  initialName,
  initialCardId,
}: {
  initialName: string;
  initialCardId: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [cardId, setCardId] = useState(initialCardId);
  const front = useImageSlot();
  const back = useImageSlot();
  const submitRealName = useSubmitRealName();
  const uploading = front.uploading || back.uploading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    if (!name.trim() || !cardId.trim()) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    if (!front.url || !back.url) {
      Toast.show({ content: t('identity.photos_required') });
      return;
    }
    try {
      // On success the page shows the new state (under audit) in place of this form.
      await submitRealName.mutateAsync({
        name: name.trim(),
        card_id: cardId.trim(),
        front_pic: front.url,
        reverse_pic: back.url,
      });
    } catch {
      // Toasted by the client.
    }
  };

  return (
    <form className="identity-form" onSubmit={submit} noValidate>
      <p className="identity-intro">{t('identity.intro')}</p>
      <div className="field">
        <Input
          name="name"
          aria-label={t('identity.name')}
          placeholder={t('identity.name_placeholder')}
          value={name}
          onChange={setName}
          autoComplete="name"
          maxLength={MAX_LENGTH.name}
        />
      </div>
      <div className="field">
        <Input
          name="card_id"
          aria-label={t('identity.card_id')}
          placeholder={t('identity.card_id_placeholder')}
          value={cardId}
          onChange={setCardId}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MAX_LENGTH.cardId}
        />
      </div>
      <h2 className="identity-section">{t('identity.photos')}</h2>
      <ImageSlotField slot={front} label={t('identity.front')} testId="id-front-input" />
      <ImageSlotField slot={back} label={t('identity.back')} testId="id-back-input" />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        disabled={submitRealName.isPending || uploading}
        data-testid="real-name-submit"
      >
        {t('identity.submit')}
      </Button>
    </form>
  );
}
