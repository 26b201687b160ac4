import { ReadOutlined } from '@ant-design/icons';
import { ResourcePerm } from '@yunhu/contract';
import { Button } from 'antd';
import { memo, useId, useState } from 'react';
import { create } from 'zustand';
import * as t from '../../../locales/zh-CN';
import { lazyComponent } from '../../../shared/lazyComponent';
import { usePermission } from '../../../shared/permission/usePermission';

// The panel (its list, reader and quick replies) loads when first opened, not with the dock or the page.
const ScriptPanel = lazyComponent(() => import('./ScriptPanel'), 'ScriptPanel');

/** Which button's panel is open: one panel at a time, whether opened from the dock or from the page. */
const useOpenPanel = create<{ owner: string | null; setOwner: (owner: string | null) => void }>((set) => ({
  owner: null,
  setOwner: (owner) => set({ owner }),
}));

/**
 * 话术: opens (and closes) the side panel of scripts, files and quick replies; nothing for a person
 * who may not read the library. `taskId` and `lineId`: the task the call is made within and the line
 * it is on, whose own scripts the panel shows first. Memoised: the soft-phone dock re-renders on every
 * call event, and an open panel has no reason to follow.
 */
export const ScriptButton = memo(
  ({ size, taskId, lineId }: { size?: 'small' | 'middle'; taskId?: number; lineId?: number | null }) => {
    const canRead = usePermission(ResourcePerm.view);
    const id = useId();
    const isOpen = useOpenPanel((s) => s.owner === id);
    const setOwner = useOpenPanel((s) => s.setOwner);
    const [wasOpened, setWasOpened] = useState(false);
    if (!canRead) return null;
    return (
      <>
        <Button
          size={size}
          icon={<ReadOutlined />}
          onClick={() => {
            setWasOpened(true);
            setOwner(isOpen ? null : id);
          }}
          aria-pressed={isOpen}
          data-testid="script-panel-toggle"
        >
          {t.resource.panelButton}
        </Button>
        {wasOpened && <ScriptPanel isOpen={isOpen} onClose={() => setOwner(null)} context={{ taskId, lineId }} />}
      </>
    );
  },
);
ScriptButton.displayName = 'ScriptButton';
