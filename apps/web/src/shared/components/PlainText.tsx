import { useComponentConfig } from 'antd/es/config-provider/context';
import useStyle from 'antd/es/typography/style';
import type { CSSProperties, ReactNode } from 'react';

type TPlainTextProps = {
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  strong?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
};

/**
 * antd's `Typography.Text` as a table cell or a label shows it (a type's colour, bold), with antd's
 * own typography styles. antd's Typography carries its ellipsis measuring, copy and in-place editing
 * (a TextArea) whether a text uses them or not: ~8 KB gzip on a screen's first load. A text that
 * needs those is antd's.
 */
export const PlainText = ({ type, strong, style, children, 'data-testid': testId }: TPlainTextProps) => {
  const { getPrefixCls, direction, className: contextClassName } = useComponentConfig('typography');
  const prefixCls = getPrefixCls('typography');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const classes = [
    prefixCls,
    type && `${prefixCls}-${type}`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    contextClassName,
    hashId,
    cssVarCls,
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')} style={style} data-testid={testId}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
};
