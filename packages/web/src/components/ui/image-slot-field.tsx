import { UPLOAD_IMAGE_TYPES } from '@tradedesk/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { CameraOutline, CheckCircleFill, PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageSlot } from './use-image-slot.ts';
import './image-slot-field.css';

const ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

/**
 * A large tappable area that takes a photo (a side of an ID document, a transfer's proof),
 * shows it and uploads it, with the upload's progress.
 */
export function ImageSlotField({
  slot,
  label,
  testId,
}: {
  slot: ImageSlot;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // A photo this browser cannot draw (HEIC on Android, say) still uploads: show an icon instead.
  const [undrawable, setUndrawable] = useState<string | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a refusal) still fires a change.
    event.target.value = '';
    if (file) void slot.choose(file);
  };

  return (
    <div className="id-slot">
      <label className="id-slot-area">
        {/*
          No `capture` attribute: it makes Android Chrome and iOS Safari open the camera
          directly, with no way to pick a photo already taken. Without it, both phones offer
          "take photo" and the gallery (and iOS turns HEIC photos into JPEG for this accept list).
        */}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="id-slot-input"
          data-testid={testId}
          disabled={slot.uploading}
          onChange={pick}
        />
        {slot.preview && slot.preview !== undrawable ? (
          <img
            className="id-slot-preview"
            src={slot.preview}
            alt={label}
            onError={() => setUndrawable(slot.preview)}
          />
        ) : slot.preview ? (
          <span className="id-slot-empty" role="img" aria-label={label}>
            <PictureOutline fontSize={36} />
          </span>
        ) : (
          <span className="id-slot-empty">
            <CameraOutline fontSize={36} />
            <span>{t('upload.tap_to_add')}</span>
          </span>
        )}
      </label>
      {slot.percent !== null ? (
        <ProgressBar className="id-slot-progress" percent={slot.percent} text rounded />
      ) : null}
      <div className="id-slot-footer">
        <span className="id-slot-label">
          {slot.url ? (
            <CheckCircleFill className="id-slot-done" aria-label={t('upload.uploaded')} />
          ) : null}
          {label}
        </span>
        {slot.preview && !slot.uploading ? (
          <Button size="mini" fill="outline" color="primary" onClick={() => input.current?.click()}>
            {t('upload.replace')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
