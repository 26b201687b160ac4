import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { type ReactNode, useState } from 'react';

type TImageUploadButtonProps = {
  /** Stores the picked image; a refusal was already shown (by the HTTP client or a field), so it is only swallowed. */
  onUpload: (file: File) => Promise<unknown>;
  size?: 'small';
  testId?: string;
  children: ReactNode;
};

/** A button that picks one image (png, jpeg, gif, webp) and hands it to `onUpload`, spinning until that settles. */
export const ImageUploadButton = ({ onUpload, size, testId, children }: TImageUploadButtonProps) => {
  const [isUploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      await onUpload(file);
    } catch {
      // Already shown.
    } finally {
      setUploading(false);
    }
  };
  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return false;
      }}
    >
      <Button size={size} icon={<UploadOutlined />} loading={isUploading} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
};
