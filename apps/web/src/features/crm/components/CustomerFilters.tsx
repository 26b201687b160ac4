import type { TCustomField } from '@yunhu/contract';
import { Button, Form } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ColleagueFilter } from '../../../shared/customers';
import { lazyComponent } from '../../../shared/lazyComponent';
import { KeywordFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { OnceOpened } from '../../../shared/modal/OnceOpened';
import { levelOptions } from '../format';

const c = t.crm;
const FoldedFilters = lazyComponent(() => import('./FoldedFilters'), 'FoldedFilters');

type TCustomerFiltersProps = {
  isPrivate: boolean;
  fields: TCustomField[];
  isMoreOpen: boolean;
  onToggleMore: () => void;
  /** Conditions set among the folded filters, shown on the toggle so nothing hides unnoticed. */
  moreCount: number;
};

/** The filter form items of both pools; the less used ones fold under 更多筛选. */
export const CustomerFilters = ({ isPrivate, fields, isMoreOpen, onToggleMore, moreCount }: TCustomerFiltersProps) => {
  return (
    <>
      <KeywordFilter placeholder={c.keywordPlaceholder} width={220} testId="crm-filter-keyword" />
      <TextFilter name="mobile" label={c.mobile} placeholder={c.mobilePlaceholder} width={140} />
      <SelectFilter
        name="intentionLevels"
        label={c.level}
        isMultiple
        width={170}
        options={levelOptions.map((o) => ({ value: o.value, label: o.value, title: o.label }))}
        testId="crm-filter-level"
      />
      {isPrivate && <ColleagueFilter name="ownerId" label={c.owner} />}
      <Form.Item>
        <Button type="link" onClick={onToggleMore} data-testid="crm-filter-more">
          {isMoreOpen ? c.lessFilters : `${c.moreFilters}${moreCount > 0 ? `（${moreCount}）` : ''}`}
        </Button>
      </Form.Item>
      {/* The folded fields mount when first shown (their date pickers and department tree load then) and
          stay mounted after, hidden by display: none (display: contents keeps them in the form's flow).
          The list reads every value the form holds, so a condition set while they were unmounted counts. */}
      <OnceOpened open={isMoreOpen}>
        <div style={{ display: isMoreOpen ? 'contents' : 'none' }} data-testid="crm-filter-more-panel">
          <FoldedFilters isPrivate={isPrivate} fields={fields} />
        </div>
      </OnceOpened>
    </>
  );
};

/** Filter keys that live in the folded part (to count them on the toggle). */
export const foldedKeys = [
  'company',
  'isDeal',
  'phoneLabels',
  'tagIds',
  'deptId',
  'source',
  'importBatchId',
  'isProtected',
  'isNeverFollowed',
  'createdRange',
  'lastFollowRange',
  'nextFollowRange',
  'isNeverCalled',
  'lastCallRange',
  'custom',
];
