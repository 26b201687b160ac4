import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { uploadLibraryFile } from '../api';

const c = t.resource;
const accept = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx';

/** A file item's upload: the stored name as the value, the chosen file's name shown beside the button. */
export const FileField = ({
  value,
  onChange,
  shownName,
}: {
  value?: string;
  onChange?: (name: string) => void;
  /** The file's own name when the item already has one. */
  shownName?: string;
}) => {
  const [isUploading, setUploading] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Space>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          setUploading(true);
          uploadLibraryFile(file)
            .then((name) => {
              setChosen(file.name);
              onChange?.(name);
            })
            // The HTTP client showed the server's refusal.
            .catch(() => undefined)
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={isUploading} data-testid="resource-file-upload">
          {isUploading ? c.uploading : c.chooseFile}
        </Button>
      </Upload>
      {value && <Typography.Text data-testid="resource-file-name">{chosen ?? shownName ?? value}</Typography.Text>}
    </Space>
  );
};
