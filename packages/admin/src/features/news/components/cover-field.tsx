import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadCover } from '../api/use-news.ts';

/** The cover: an uploaded image (re-encoded by the server, public) or an http(s) address. */
export function CoverField({
  value,
  onChange,
}: {
  value: string;
  onChange: (url: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value}
          placeholder="No cover"
          data-testid="news-cover-url"
          onChange={(e) => onChange(e.target.value)}
        />
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const { url } = await uploadCover(file as Blob);
              onChange(url);
              onSuccess?.(url);
            } catch (error) {
              onError?.(error as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="news-cover-upload">
            Upload
          </Button>
        </Upload>
        {value ? <Button onClick={() => onChange('')}>Remove</Button> : null}
      </Space.Compact>
      {value ? <img className="news-cover-preview" src={value} alt="Cover" /> : null}
    </Space>
  );
}
