import { Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router-dom';

type TRouteTabsProps = Omit<TabsProps, 'activeKey' | 'defaultActiveKey' | 'onChange'> & {
  items: NonNullable<TabsProps['items']>;
};

/**
 * Tabs whose open tab is the route's `tab` parameter (the first tab writes none), so a refresh, back
 * and a shared link open the tab whose list state the URL keeps (each list there has its `urlKey`).
 */
export const RouteTabs = ({ items, ...props }: TRouteTabsProps) => {
  const [query, setQuery] = useSearchParams();
  const first = items[0]?.key;
  const asked = query.get('tab');
  const active = items.some((item) => item.key === asked) ? (asked ?? first) : first;
  const onChange = (key: string) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      if (key === first) next.delete('tab');
      else next.set('tab', key);
      return next;
    });
  return <Tabs {...props} items={items} activeKey={active} onChange={onChange} />;
};
