import type { IdentityRow } from '@tradedesk/contract/admin';
import { Alert } from 'antd';
import { PrivateImage } from '../../../components/private-image.tsx';
import { useCanReadUploads } from '../../../lib/operator.ts';

const SIDES = [
  { title: 'Front', side: 'front' },
  { title: 'Back', side: 'back' },
] as const;

/** Both document images side by side, or why this operator does not see them. */
export function IdentityDocuments({ identity }: { identity: IdentityRow }) {
  const canSeeImages = useCanReadUploads('identity');
  if (!canSeeImages)
    return <Alert type="info" showIcon title="Your role may not view identity documents." />;
  return (
    <div className="id-images">
      {SIDES.map(({ title, side }) => (
        <div key={side}>
          <h3>{title}</h3>
          <PrivateImage
            url={side === 'front' ? identity.front_pic : identity.reverse_pic}
            alt={`ID document of ${identity.name}, ${side} side`}
          />
        </div>
      ))}
    </div>
  );
}
