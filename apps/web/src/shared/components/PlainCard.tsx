import useStyle from 'antd/es/card/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import type { CSSProperties, ReactNode } from 'react';

type TPlainCardProps = {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'small';
  style?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
};

const isShown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/**
 * antd's Card as the list screens draw it (title, extra, body; outlined, default or small), with
 * antd's own card styles and theme. antd's Card imports Tabs (its `tabList`) and Skeleton (its
 * `loading`) whether a card uses them or not: ~12 KB gzip on the first load of every list screen.
 * A card that needs tabs, a cover, actions or a loading state is antd's.
 */
export const PlainCard = ({ title, extra, size, style, children, 'data-testid': testId }: TPlainCardProps) => {
  const { getPrefixCls, direction, className: contextClassName } = useComponentConfig('card');
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const classes = [
    prefixCls,
    `${prefixCls}-bordered`,
    size === 'small' && `${prefixCls}-small`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    contextClassName,
    hashId,
    cssVarCls,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={style} data-testid={testId}>
      {(isShown(title) || isShown(extra)) && (
        <div className={`${prefixCls}-head`}>
          <div className={`${prefixCls}-head-wrapper`}>
            {isShown(title) && <div className={`${prefixCls}-head-title`}>{title}</div>}
            {isShown(extra) && <div className={`${prefixCls}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      {isShown(children) && <div className={`${prefixCls}-body`}>{children}</div>}
    </div>
  );
};
