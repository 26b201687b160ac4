import { Button, type ButtonProps } from 'antd';
import { type MouseEvent, useEffect, useRef, useState } from 'react';

/** Spec section 9: a guarded button stays disabled for 3000 ms after a click unless told otherwise. */
export const RECLICK_LOCK_MS = 3000;

type TReclickButtonProps = ButtonProps & { lockMs?: number };

/** Spec section 4, Button guard: prevents a second click while the first one's work is under way. */
export const ReclickButton = ({ lockMs = RECLICK_LOCK_MS, onClick, disabled, ...rest }: TReclickButtonProps) => {
  const [isLocked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (isLocked) return;
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), lockMs);
    onClick?.(event);
  };
  return <Button {...rest} disabled={disabled || isLocked} onClick={handleClick} />;
};
