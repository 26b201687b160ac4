import { Button } from 'antd';
import { withPhone } from '../lazyPhone';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The DTMF keypad of a call in progress (IVR menus, extensions). */
export const DtmfPad = () => (
  <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 48px)', gap: 6 }} data-testid="softphone-keypad">
    {KEYS.map((key) => (
      <Button key={key} onClick={withPhone((phone) => phone.sendDtmf(key))} data-testid={`softphone-key-${key}`}>
        {key}
      </Button>
    ))}
  </div>
);
