import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/** antd's modal holder, in the chunk useLazyModal loads with the first dialog asked for. */
export const ModalHost = ({ onReady }: { onReady: (modal: HookAPI) => void }) => {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
};
