import type { Alert } from '@tradedesk/contract';
import { Button, Input, Switch } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { useCreateAlert } from '../api/alert-commands.ts';
import { type AlertDraft, startingPrice, toCreateAlertRequest } from '../lib/alerts.ts';
import { type Expiry, expireAtOf, findExpiryProblem, GOOD_TILL_CANCELLED } from '../lib/expiry.ts';
import { ChoiceSwitch } from './choice-switch.tsx';
import { ExpiryField } from './expiry-field.tsx';
import { PriceStepper } from './price-stepper.tsx';

/** What the alert sheet needs of the instrument: its id, code, precision and prices now. */
export interface AlertInstrument {
  readonly Id: number;
  readonly ShowCode: string;
  readonly PricePrecision: number;
  readonly Bid: number;
  readonly Ask: number;
}

/** Which way, which price, the level a point a tap, whether it repeats, and a note. */
function AlertFields({
  instrument,
  draft,
  onChange: update,
}: {
  instrument: AlertInstrument;
  draft: AlertDraft;
  onChange(change: Partial<AlertDraft>): void;
}) {
  const { t } = useTranslation();
  const priceId = useId();
  const noteId = useId();
  const repeatId = useId();
  const digits = instrument.PricePrecision;
  return (
    <>
      <ChoiceSwitch<Alert['condition']>
        className="alert-condition"
        value={draft.condition}
        onChange={(condition) => update({ condition })}
        options={[
          { label: t('alerts.above'), value: 'above' },
          { label: t('alerts.below'), value: 'below' },
        ]}
      />
      <ChoiceSwitch<Alert['side']>
        className="alert-side"
        value={draft.side}
        onChange={(side) => update({ side })}
        options={[
          { label: t('alerts.bid'), value: 'bid' },
          { label: t('alerts.ask'), value: 'ask' },
        ]}
      />
      <dl className="order-fields">
        <dt>
          <label htmlFor={priceId}>{t('alerts.price')}</label>
        </dt>
        <dd>
          <PriceStepper
            id={priceId}
            value={draft.price}
            fallback={startingPrice(instrument, draft.side)}
            precision={digits}
            testId="alert-price"
            onChange={(price) => update({ price })}
          />
        </dd>
        <dt>{t('alerts.now')}</dt>
        <dd data-testid="alert-now">
          {formatPrice(startingPrice(instrument, draft.side), digits)}
        </dd>
        <dt>
          <label htmlFor={repeatId}>{t('alerts.repeat')}</label>
        </dt>
        <dd>
          <Switch
            checked={draft.repeat}
            onChange={(repeat) => update({ repeat })}
            data-testid="alert-repeat"
          />
        </dd>
        <dt>
          <label htmlFor={noteId}>{t('alerts.note')}</label>
        </dt>
        <dd>
          <Input
            id={noteId}
            maxLength={120}
            placeholder={t('public.optional')}
            value={draft.note}
            onChange={(note) => update({ note })}
            data-testid="alert-note"
          />
        </dd>
      </dl>
    </>
  );
}

/** A new alert on the instrument, sent as set; a refusal is the server's toast. */
export function AlertForm({
  instrument,
  start,
}: {
  instrument: AlertInstrument;
  /** Where it starts instead of above the bid now (a level tapped on the chart). */
  start?: Pick<AlertDraft, 'condition' | 'price'> | undefined;
}) {
  const { t } = useTranslation();
  const digits = instrument.PricePrecision;
  const [draft, setDraft] = useState<AlertDraft>(() => ({
    condition: 'above',
    side: 'bid',
    price: startingPrice(instrument, 'bid').toFixed(digits),
    repeat: false,
    note: '',
    ...start,
  }));
  const [expiry, setExpiry] = useState<Expiry>(GOOD_TILL_CANCELLED);
  const create = useCreateAlert();
  const update = (change: Partial<AlertDraft>) => setDraft((d) => ({ ...d, ...change }));
  const expiryProblem = findExpiryProblem(expiry, Date.now());
  return (
    <form
      className="order-sheet-form alert-form"
      noValidate
      data-testid="alert-form"
      onSubmit={(event) => {
        event.preventDefault();
        const expireAt = expireAtOf(expiry);
        if (expiryProblem || expireAt === null || draft.price.trim() === '') return;
        create.mutate(toCreateAlertRequest(instrument.Id, draft, expireAt));
      }}
    >
      <h2>
        {t('alerts.create')} <bdi>{instrument.ShowCode}</bdi>
      </h2>
      <AlertFields instrument={instrument} draft={draft} onChange={update} />
      <ExpiryField
        testIdPrefix="alert"
        value={expiry}
        problem={expiryProblem}
        onChange={setExpiry}
      />
      <Button
        block
        color="primary"
        type="submit"
        loading={create.isPending}
        data-testid="alert-save"
      >
        {t('alerts.create')}
      </Button>
    </form>
  );
}
