import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code a wallet app scans to fill in the deposit address (drawn here: no third party sees it). */
export function AddressQr({ address, alt }: { address: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setSrc(null);
    QRCode.toDataURL(address, { margin: 1, width: 360, errorCorrectionLevel: 'M' })
      .then((url) => current && setSrc(url))
      // No code rather than a broken image: the address and its copy button stay.
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [address]);

  return src ? (
    <img className="address-qr" src={src} alt={alt} data-testid="charge-qr" />
  ) : (
    <div className="address-qr" aria-hidden="true" />
  );
}
