import { Form, Input, Modal } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.crm;

type TSaveFilterModalProps = {
  open: boolean;
  name: string;
  /** A saved filter has this name already: saving replaces it. */
  exists: boolean;
  onName: (name: string) => void;
  onSave: () => void;
  onCancel: () => void;
};

/** 保存当前筛选: the name the current filter is kept under. */
export const SaveFilterModal = ({ open, name, exists, onName, onSave, onCancel }: TSaveFilterModalProps) => (
  <Modal
    open={open}
    title={c.saveFilter}
    onCancel={onCancel}
    onOk={onSave}
    okText={t.common.save}
    cancelText={t.common.cancel}
    okButtonProps={{ disabled: !name.trim() }}
    destroyOnHidden
  >
    <Form layout="vertical">
      <Form.Item label={c.filterName} extra={exists ? c.filterExists(name.trim()) : undefined}>
        <Input
          value={name}
          maxLength={20}
          onChange={(e) => onName(e.target.value)}
          placeholder={c.filterNamePlaceholder}
          onPressEnter={onSave}
          data-testid="crm-filter-name"
        />
      </Form.Item>
    </Form>
  </Modal>
);
