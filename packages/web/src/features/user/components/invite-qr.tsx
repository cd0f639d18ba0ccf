import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The invite link as a QR code, drawn here (no third-party service sees the link). */
export function InviteQr({ link, alt }: { link: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setSrc(null);
    QRCode.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
      .then((url) => current && setSrc(url))
      // No code rather than a broken image: the link and its copy button stay.
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [link]);

  return src ? (
    <img className="invite-qr" src={src} alt={alt} data-testid="invite-qr" />
  ) : (
    <div className="invite-qr" aria-hidden="true" />
  );
}
