import { phoneLabels, phoneLabelText, type TPhoneLabel } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../locales/zh-CN';
import { optionsOf } from '../../shared/form/options';
import { beijingFormat } from '../../shared/time/beijing';

export { LevelTag, levelOptions } from '../../shared/customers';

const c = t.crm;
const DAY = 86_400_000;

export const fmtTime = (v: number | null | undefined) => (v ? beijingFormat(v, 'YYYY-MM-DD HH:mm') : c.none);
export const fmtDate = (v: number | null | undefined) => (v ? beijingFormat(v, 'YYYY-MM-DD') : c.none);

const labelColor: Record<TPhoneLabel, string> = {
  connected: 'green',
  no_answer: 'orange',
  busy: 'gold',
  power_off: 'default',
  suspended: 'default',
  invalid: 'red',
};
export const PhoneLabelTag = ({ value }: { value: TPhoneLabel | null }) =>
  value ? <Tag color={labelColor[value]}>{phoneLabelText[value]}</Tag> : <span>{c.none}</span>;

export const DealTag = ({ isDeal }: { isDeal: boolean }) =>
  isDeal ? <Tag color="green">{c.dealt}</Tag> : <Tag>{c.notDealt}</Tag>;

export const CustomerTags = ({ tags }: { tags: { id: number; name: string; color: string }[] }) =>
  tags.length === 0 ? (
    <span>{c.none}</span>
  ) : (
    <span>
      {tags.map((tag) => (
        <Tag key={tag.id} color={tag.color}>
          {tag.name}
        </Tag>
      ))}
    </span>
  );

/**
 * "N天后回收" when the automatic release is within `nearDays` (the reminder window of the rules);
 * further away it is not worth a person's attention, so nothing is shown.
 */
export const releaseText = (releaseAt: number | null, now: number, nearDays: number): string | null => {
  if (releaseAt === null) return null;
  const days = Math.ceil((releaseAt - now) / DAY);
  return days <= nearDays ? c.releaseIn(Math.max(days, 0)) : null;
};

export const phoneLabelOptions = optionsOf(phoneLabels, phoneLabelText);
export const dealOptions = [
  { value: true, label: c.dealt },
  { value: false, label: c.notDealt },
];
