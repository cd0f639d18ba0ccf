import type { DepositNetwork } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageSlot } from '../../../components/ui/use-image-slot.ts';
import { useCopyText as useCopy } from '../../../lib/copy-text.ts';
import { useSubmitCryptoDeposit } from '../api/deposits-api.ts';
import { estimateDepositUsd } from '../lib/estimates.ts';
import { AddressQr } from './address-qr.tsx';
import { ChoiceChips } from './choice-chips.tsx';
import { DepositAmountAndProof } from './deposit-amount-and-proof.tsx';
import { checkDepositForm } from './deposit-form-checks.ts';

/** Where to send, and the proof of what was sent: a crypto deposit (SPEC.md §2 /mine/charge). */
export function CryptoDepositForm({ networks }: { networks: readonly DepositNetwork[] }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const network = networks.find((n) => n.id === chosenId) ?? networks[0];
  const [amount, setAmount] = useState('');
  const proof = useImageSlot();
  const submitDeposit = useSubmitCryptoDeposit();

  if (!network) return null;
  const usd = estimateDepositUsd(amount, network.price_usd);
  const currency = network.currency_code;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (proof.uploading || submitDeposit.isPending) return;
    const number = checkDepositForm(t, amount, proof);
    if (number === null) return;
    try {
      await submitDeposit.mutateAsync({
        number,
        proofImg: proof.url,
        address: network.address,
        charge_id: network.id,
      });
      setAmount('');
      proof.clear();
    } catch {
      // Toasted by the client; the form keeps what was entered.
    }
  };

  return (
    <form className="funding-form" onSubmit={submit} noValidate>
      <h2 className="funding-label">{t('charge.network')}</h2>
      <ChoiceChips
        label={t('charge.network')}
        options={networks.map((n) => ({
          value: n.id,
          label: n.currency_code,
          description: n.protocol_code,
        }))}
        value={network.id}
        onChange={setChosenId}
        testId="charge-network"
      />
      <section className="address-card">
        <AddressQr address={network.address} alt={t('charge.qr_alt', { currency })} />
        <span className="address-label">{t('charge.address')}</span>
        <span className="address-value" dir="ltr" data-testid="charge-address">
          {network.address}
        </span>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => void copy(network.address)}
          data-testid="charge-copy"
        >
          {t('charge.copy_address')}
        </Button>
        <p className="address-warning">
          {t('charge.network_warning', { currency, protocol: network.protocol_code })}
        </p>
      </section>
      <DepositAmountAndProof
        testPrefix="charge"
        currency={currency}
        amount={amount}
        onAmountChange={setAmount}
        usd={usd}
        min={network.min}
        proof={proof}
        busy={submitDeposit.isPending}
      />
    </form>
  );
}
